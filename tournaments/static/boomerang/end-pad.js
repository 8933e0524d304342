// The end-of-game pad (the hunt's, the flip game's): a stepper beside each count, so a count is tapped rather
// than typed, and boxes that add up to a known number a player (the hunt's 12 boomerangs) checked as they
// change, saying the numbers: "12 boomerangs a player: 48 at this table, 46 entered". The form works without
// this script; the service checks everything again.
(function () {
  "use strict";
  var form = document.querySelector("form.pad-form");
  if (!form) return;

  function stepper(input, step, label) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "stepper secondary";
    button.textContent = step > 0 ? "+" : "\u2212";
    button.setAttribute("aria-label", label + " " + (step > 0 ? "+1" : "\u22121"));
    button.addEventListener("click", function () {
      var value = (parseInt(input.value, 10) || 0) + step;
      var most = parseInt(input.max, 10);
      input.value = String(Math.max(0, isNaN(most) ? value : Math.min(most, value)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    return button;
  }

  form.querySelectorAll(".counts input[type=number]").forEach(function (input) {
    var label = input.closest("label");
    var name = label ? label.firstChild.textContent.trim() : input.name;
    var row = document.createElement("span");
    row.className = "step-row";
    input.parentNode.insertBefore(row, input);
    row.appendChild(stepper(input, -1, name));
    row.appendChild(input);
    row.appendChild(stepper(input, +1, name));
  });

  // A box of piece values (the flip game's): a button a value appends it, and one takes the last back.
  form.querySelectorAll("input[data-taps]").forEach(function (input) {
    var pad = document.createElement("div");
    pad.className = "piece-taps";
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", input.closest("label") ? input.closest("label").firstChild.textContent.trim() : "");
    function typed() { return input.value.split(/[\s,;]+/).filter(Boolean); }
    function set(values) { input.value = values.join(" "); input.dispatchEvent(new Event("input", { bubbles: true })); }
    input.getAttribute("data-taps").split(" ").forEach(function (value) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary piece";
      button.textContent = value;
      button.addEventListener("click", function () { set(typed().concat([value])); });
      pad.appendChild(button);
    });
    var erase = document.createElement("button");
    erase.type = "button";
    erase.className = "secondary piece";
    erase.textContent = "\u232b";
    erase.setAttribute("aria-label", input.getAttribute("data-erase"));
    erase.addEventListener("click", function () { set(typed().slice(0, -1)); });
    pad.appendChild(erase);
    var after = input.closest("label") || input;
    after.parentNode.insertBefore(pad, after.nextSibling);
  });

  function check(key) {
    var boxes = form.querySelectorAll('input[data-sum="' + key + '"]');
    var status = form.querySelector('[data-sum-status="' + key + '"]');
    if (!status || !boxes.length) return;
    var entered = 0, filled = 0, perPlayer = parseInt(boxes[0].getAttribute("data-per-player"), 10);
    boxes.forEach(function (box) {
      if (box.value !== "") { filled += 1; entered += parseInt(box.value, 10) || 0; }
    });
    var expected = perPlayer * boxes.length;
    status.textContent = filled ? status.getAttribute("data-template")
      .replace("[expected]", String(expected)).replace("[entered]", String(entered)) : "";
    status.className = "pad-status" + (filled && entered !== expected ? " bad" : "");
  }

  var keys = {};
  form.querySelectorAll("input[data-sum]").forEach(function (box) { keys[box.getAttribute("data-sum")] = true; });
  Object.keys(keys).forEach(function (key) {
    form.addEventListener("input", function (event) {
      if (event.target.getAttribute && event.target.getAttribute("data-sum") === key) check(key);
    });
    check(key);
  });
})();
