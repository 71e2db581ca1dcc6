// Progressive enhancement of a mock interview's question page
// (web/views/mock_question.templ). Without this file the clock is the time
// left when the page was shown and the deadline it makes, "Pause the
// timer" posts the form (keeping the text typed) and the page comes back
// paused. With it:
//   - the timer counts down every second; it is role=timer, which screen
//     readers do not read out on every change, and a separate polite live
//     region says only what matters: a pause or a resume, one minute
//     left, time up;
//   - pausing and resuming post in the background and keep the text typed;
//   - the text is sent as it is typed (a pause in typing), so a reload or
//     a closed tab loses nothing, and the page stops warning about leaving
//     once it is saved (app.js's data-warn-unsaved compares with the
//     saved text).
// The server's clock is the truth: every pause and resume answers with
// the time left as the server counts it.
(function () {
  "use strict";

  var SAVE_PAUSE = 1500; // ms after the last keystroke
  var TICK = 250; // ms; the text changes once a second

  function clockText(ms) {
    var s = Math.ceil(Math.abs(ms) / 1000);
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function spoken(ms) {
    var s = Math.ceil(Math.max(ms, 0) / 1000);
    var m = Math.floor(s / 60);
    s = s % 60;
    var parts = [];
    if (m > 0) parts.push(m + (m === 1 ? " minute" : " minutes"));
    if (s > 0 || m === 0) parts.push(s + (s === 1 ? " second" : " seconds"));
    return parts.join(" ");
  }

  function init() {
    var box = document.querySelector("[data-mock-clock]");
    var form = document.getElementById("mock-answer-form");
    if (!box || !form) return;
    var timer = document.getElementById("mock-timer");
    var deadline = document.getElementById("mock-deadline");
    var news = document.getElementById("mock-timer-news");
    var button = box.querySelector("[data-mock-pause]");
    var area = form.querySelector("textarea[name=answer]");
    var status = document.getElementById("mock-draft-status");
    var position = form.querySelector("input[name=position]").value;
    var limitMs = parseInt(box.getAttribute("data-limit-ms"), 10);
    var urls = { pause: box.getAttribute("data-pause-url"), resume: box.getAttribute("data-resume-url"), draft: form.getAttribute("data-mock-draft") };

    // leftAt is the time left at the moment `since` (performance.now()).
    var leftAt = parseInt(box.getAttribute("data-left-ms"), 10);
    var since = performance.now();
    var paused = box.getAttribute("data-paused") === "true";
    var warnedMinute = leftAt <= 60000;
    var warnedUp = leftAt <= 0;

    function left() { return paused ? leftAt : leftAt - (performance.now() - since); }

    function say(text) {
      // Emptied first, so that the same words twice are read twice.
      news.textContent = "";
      setTimeout(function () { news.textContent = text; }, 50);
    }

    function limitText() { return spoken(limitMs); }

    function show() {
      var ms = left();
      var text = ms >= 0 || Math.ceil(ms / 1000) === 0 ? clockText(ms) + " left" : "Over time by " + clockText(ms);
      if (paused) text = "Paused: " + text;
      if (timer.textContent !== text) timer.textContent = text;
      timer.classList.toggle("timer-over", ms < 0);
      var d;
      if (paused) {
        d = "The clock is paused with " + clockText(ms) + " of " + limitText() + " left. Resume it to go on writing.";
      } else if (ms < 0) {
        d = "The time limit of " + limitText() + " has passed. Your text stays: you can still submit it, marked over time.";
      } else {
        var at = new Date(Date.now() + ms);
        d = "Answer by " + at.toLocaleTimeString() + ": a limit of " + limitText() + ", not counting pauses.";
      }
      if (deadline.textContent !== d) deadline.textContent = d;
      if (paused) return;
      if (!warnedMinute && ms <= 60000 && ms > 0) {
        warnedMinute = true;
        say("One minute left.");
      }
      if (!warnedUp && ms <= 0) {
        warnedUp = true;
        say("Time is up. Your text stays: you can still submit it, marked over time.");
      }
    }

    function setPaused(now, ms) {
      paused = now;
      leftAt = ms;
      since = performance.now();
      warnedMinute = warnedMinute || ms <= 60000;
      warnedUp = warnedUp || ms <= 0;
      area.readOnly = now;
      button.textContent = now ? "Resume the timer" : "Pause the timer";
      button.setAttribute("formaction", now ? urls.resume : urls.pause);
      show();
      say(now ? "Timer paused with " + spoken(ms) + " left." : "Timer running: " + spoken(ms) + " left.");
    }

    function body() {
      var b = new URLSearchParams();
      b.append("position", position);
      b.append("answer", area.value);
      return b;
    }

    function post(url) {
      return fetch(url, { method: "POST", body: body(), credentials: "same-origin", headers: { Accept: "application/json" } });
    }

    // The text is kept as it is typed: one save at a time, the latest text.
    var saveTimer = null;
    var saving = false;
    var again = false;

    function saved(text) {
      // The page warns about leaving only while the text differs from
      // what the server has.
      area.defaultValue = text;
      form.removeAttribute("data-unsaved");
      status.textContent = "Your answer so far was saved at " + new Date().toLocaleTimeString() + ".";
    }

    function save() {
      saveTimer = null;
      if (saving) { again = true; return; }
      if (area.value === area.defaultValue && !form.hasAttribute("data-unsaved")) return;
      saving = true;
      var text = area.value;
      post(urls.draft).then(function (res) {
        if (res.status === 409) {
          status.textContent = "This question was answered in another tab or window. Reload the page to go on; copy your text first if you need it.";
          return;
        }
        if (!res.ok) throw new Error("status " + res.status);
        saved(text);
      }).catch(function () {
        status.textContent = "Your latest text could not be saved just now. It is still here, and is sent when you pause or submit.";
      }).finally(function () {
        saving = false;
        if (again) { again = false; save(); }
      });
    }

    area.addEventListener("input", function () {
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = setTimeout(save, SAVE_PAUSE);
    });

    // A tab closed or reloaded before the pause in typing: send what is
    // there. A beacon cannot wait for an answer; the page's warning about
    // leaving (app.js) still stands until a save is confirmed.
    window.addEventListener("pagehide", function () {
      if (area.value !== area.defaultValue && navigator.sendBeacon) navigator.sendBeacon(urls.draft, body());
    });

    form.addEventListener("submit", function (event) {
      if (event.submitter !== button) {
        if (saveTimer) clearTimeout(saveTimer);
        return;
      }
      // Pause or resume without leaving the page; if that fails, the
      // form goes as it would without this file.
      if (button.hasAttribute("data-mock-fallback")) return;
      event.preventDefault();
      var text = area.value;
      button.disabled = true;
      post(paused ? urls.resume : urls.pause).then(function (res) {
        if (res.status === 409) { window.location.reload(); return; }
        if (!res.ok) throw new Error("status " + res.status);
        return res.json().then(function (c) {
          saved(text);
          setPaused(c.paused, c.left_ms);
        });
      }).catch(function () {
        button.setAttribute("data-mock-fallback", "");
        button.disabled = false;
        form.requestSubmit(button);
      }).finally(function () {
        button.disabled = false;
      });
    });

    // Text kept from before a reload goes on where it ended: the caret
    // waits at its end, not its start.
    area.setSelectionRange(area.value.length, area.value.length);

    show();
    setInterval(show, TICK);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
