// A form with data-confirm asks before it is sent (starting an event or a round, leaving, forfeiting a
// seat: steps that cannot simply be taken back). Without JavaScript the form is sent as it is.
//
// Every form sent by POST carries an `_idempotency_key`, made when it is first sent and kept in the form: a
// double tap, or the browser sending the form again after a dropped connection, is then done once (the
// server answers the repeat with the first answer: docs/api.md, "Idempotency").
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form.getAttribute && form.getAttribute("data-confirm");
  if (question && !window.confirm(question)) { event.preventDefault(); return; }
  if (!form.method || form.method.toLowerCase() !== "post" || form.querySelector("input[name=_idempotency_key]")) return;
  var key = document.createElement("input");
  key.type = "hidden";
  key.name = "_idempotency_key";
  key.value = (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
    : Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  form.appendChild(key);
});
