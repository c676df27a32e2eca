// Step through a replay like a game viewer. Without this script every step is
// listed in order, with previous/next links between them. With it, one step
// shows at a time: the buttons, ← and → (step), Home and End (jump) and P or
// the Play button (step on a timer) move through it. The keys listen on the
// document, so they keep working whatever was last clicked; they go to the
// replay last used (or the first one on screen) and never to a text field.
(function () {
  "use strict";
  var INTERVAL_MS = 1600;
  var replays = [];
  var active = null;

  function Replay(root) {
    this.root = root;
    this.frames = Array.prototype.slice.call(root.querySelectorAll(".frame"));
    this.controls = root.querySelector(".controls");
    this.status = root.querySelector(".step-status");
    this.playButton = root.querySelector("[data-go=play]");
    this.current = 0;
    this.timer = null;
  }

  Replay.prototype.show = function (index, fromHash) {
    var last = this.frames.length - 1;
    this.current = Math.max(0, Math.min(last, index));
    var current = this.current;
    this.frames.forEach(function (frame, i) { frame.hidden = i !== current; });
    var frame = this.frames[current];
    var step = Number(frame.dataset.step);
    var total = this.frames.length - (this.frames[0].dataset.step === "0" ? 1 : 0);
    this.status.textContent = step === 0 ? "Starting position" : "Step " + step + " of " + total;
    this.root.dataset.current = String(step);
    this.controls.querySelector("[data-go=first]").disabled = current === 0;
    this.controls.querySelector("[data-go=prev]").disabled = current === 0;
    this.controls.querySelector("[data-go=next]").disabled = current === last;
    this.controls.querySelector("[data-go=last]").disabled = current === last;
    if (!fromHash && window.history && history.replaceState) {
      history.replaceState(null, "", "#" + frame.id);
    }
    if (current === last) { this.pause(); }
  };

  Replay.prototype.go = function (what) {
    if (what === "play") { this.toggle(); return; }
    if (what !== "play") { this.pause(); }
    var targets = { first: 0, last: this.frames.length - 1,
                    prev: this.current - 1, next: this.current + 1 };
    this.show(targets[what]);
  };

  Replay.prototype.toggle = function () {
    if (this.timer) { this.pause(); return; }
    var self = this;
    if (this.current === this.frames.length - 1) { this.show(0); }
    this.timer = window.setInterval(function () { self.show(self.current + 1); }, INTERVAL_MS);
    this.playButton.textContent = "⏸ Pause";
    this.playButton.setAttribute("aria-label", "Pause");
    this.playButton.setAttribute("aria-pressed", "true");
  };

  Replay.prototype.pause = function () {
    if (!this.timer) { return; }
    window.clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = "▶ Play";
    this.playButton.setAttribute("aria-label", "Play");
    this.playButton.setAttribute("aria-pressed", "false");
  };

  function setup(root) {
    var replay = new Replay(root);
    if (replay.frames.length === 0 || !replay.controls) { return; }
    replays.push(replay);
    replay.controls.hidden = false;
    root.classList.add("scripted");
    root.addEventListener("click", function (event) {
      active = replay;
      var button = event.target.closest("[data-go]");
      var link = event.target.closest("a.prev, a.next");
      if (button) { replay.go(button.dataset.go); }
      if (link) {
        event.preventDefault();
        replay.go(link.classList.contains("next") ? "next" : "prev");
      }
    });
    root.addEventListener("focusin", function () { active = replay; });
    var start = 0;
    replay.frames.forEach(function (frame, i) {
      if (location.hash === "#" + frame.id) { start = i; active = replay; }
    });
    replay.show(start, true);
  }

  function onScreen() {
    for (var i = 0; i < replays.length; i += 1) {
      var box = replays[i].root.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight) { return replays[i]; }
    }
    return replays[0];
  }

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
               p: "play", P: "play" };

  document.addEventListener("keydown", function (event) {
    var what = KEYS[event.key];
    if (!what || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) {
      return;
    }
    var replay = active || onScreen();
    if (!replay) { return; }
    event.preventDefault();
    replay.go(what);
  });

  document.querySelectorAll("[data-replay]").forEach(setup);
})();
