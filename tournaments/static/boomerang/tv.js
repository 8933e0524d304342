// The TV view's round clock: counts down to the round's end (the page shows the end time without JS). The
// clock is read again every second: the live stream (live.js) replaces it when a round starts.
(function () {
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var clock = document.getElementById("clock");
    if (!clock) return;
    var ends = new Date(clock.getAttribute("data-ends")).getTime();
    var left = Math.max(0, Math.round((ends - Date.now()) / 1000));
    clock.textContent = pad(Math.floor(left / 60)) + ":" + pad(left % 60);
    clock.classList.toggle("over", left === 0);
  }
  tick();
  setInterval(tick, 1000);
})();
