// Progressive enhancement of the block form's "Try an answer": without
// this file, "Try this answer" sends the form and the page comes back
// with the result. With it, the result follows typing: a pause after the
// answer or any of the form's fields changes sends the whole form to the
// same address with fragment=1, and the result region (aria-live) takes
// the HTML fragment that comes back. Nothing is saved either way.
(function () {
  "use strict";

  var PAUSE = 400; // ms after the last keystroke

  function init() {
    var section = document.querySelector("section[data-try-url]");
    if (!section) return;
    var form = section.closest("form");
    var answer = section.querySelector("textarea");
    var result = document.getElementById("try-result");
    if (!form || !answer || !result) return;
    var url = section.getAttribute("data-try-url");
    var timer = null;
    var inFlight = null;

    function send() {
      timer = null;
      if (inFlight) inFlight.abort();
      var body = new URLSearchParams();
      new FormData(form).forEach(function (value, name) {
        // Files and the pasted calibration answers play no part in a try.
        if (typeof value === "string" && name !== "calibration_text") body.append(name, value);
      });
      body.append("fragment", "1");
      var controller = new AbortController();
      inFlight = controller;
      result.setAttribute("aria-busy", "true");
      fetch(url, { method: "POST", body: body, credentials: "same-origin", signal: controller.signal })
        .then(function (res) {
          if (!res.ok) throw new Error("status " + res.status);
          return res.text();
        })
        .then(function (html) {
          if (inFlight !== controller) return;
          result.innerHTML = html;
        })
        .catch(function (err) {
          if (err.name === "AbortError") return;
          result.textContent = "The answer could not be tried just now. Use \u201cTry this answer\u201d to send it.";
        })
        .finally(function () {
          if (inFlight === controller) {
            inFlight = null;
            result.removeAttribute("aria-busy");
          }
        });
    }

    function later() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(send, PAUSE);
    }

    form.addEventListener("input", function (event) {
      var t = event.target;
      if (t === answer) {
        later();
      } else if (answer.value.trim() !== "" && t.name !== "calibration_text" && t.type !== "file") {
        // A changed cue changes the verdict on the answer already typed.
        later();
      }
    });

    // The button tries the answer in place rather than reloading the page.
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (!button || !button.hasAttribute("formaction") || button.getAttribute("formaction").indexOf(url) !== 0) return;
      event.preventDefault();
      if (timer) clearTimeout(timer);
      send();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
