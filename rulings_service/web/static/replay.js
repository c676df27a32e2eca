// Step through a replay one step at a time. Without this script every step is
// shown in order and the previous/next links jump between them; with it, one
// step shows at a time and the links (and the arrow keys) move between steps.
(function () {
  "use strict";
  function setup(replay) {
    var steps = Array.prototype.slice.call(replay.querySelectorAll(".step"));
    if (steps.length === 0) { return; }
    var current = 0;
    var status = document.createElement("p");
    status.className = "step-status";
    status.setAttribute("aria-live", "polite");
    replay.insertBefore(status, replay.querySelector(".steps"));
    function show(index) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      steps.forEach(function (step, i) { step.hidden = i !== current; });
      status.textContent = "Showing step " + (current + 1) + " of " + steps.length;
    }
    replay.addEventListener("click", function (event) {
      var link = event.target.closest("a.prev, a.next");
      if (!link) { return; }
      event.preventDefault();
      show(current + (link.classList.contains("next") ? 1 : -1));
      steps[current].querySelector("h4").focus({ preventScroll: true });
    });
    replay.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight") { show(current + 1); }
      if (event.key === "ArrowLeft") { show(current - 1); }
    });
    steps.forEach(function (step) { step.querySelector("h4").tabIndex = -1; });
    replay.classList.add("scripted");
    show(0);
  }
  document.querySelectorAll("[data-replay]").forEach(setup);
})();
