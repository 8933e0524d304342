// The TV view's round clock: counts down to the round's end (the page shows the end time without JS).
(function () {
  var clock = document.getElementById("clock");
  if (!clock) return;
  var ends = new Date(clock.getAttribute("data-ends")).getTime();
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var left = Math.max(0, Math.round((ends - Date.now()) / 1000));
    clock.textContent = pad(Math.floor(left / 60)) + ":" + pad(left % 60);
    clock.classList.toggle("over", left === 0);
  }
  tick();
  setInterval(tick, 1000);
})();
