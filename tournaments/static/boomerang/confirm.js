// A form with data-confirm asks before it is sent (starting an event or a round, leaving, forfeiting a
// seat: steps that cannot simply be taken back). Without JavaScript the form is sent as it is.
document.addEventListener("submit", function (event) {
  var question = event.target.getAttribute && event.target.getAttribute("data-confirm");
  if (question && !window.confirm(question)) event.preventDefault();
});
