// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";

  // The CSS folds what only works with this file (the Menu button) under
  // .js, so that without it nothing is hidden.
  document.documentElement.classList.add("js");

  // After htmx swaps a checkpoint in place, move focus to its verdict so
  // screen-reader and keyboard users learn the result where they are.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.elt;
    if (!target || !target.querySelector) return;
    var verdict = target.querySelector("[data-focus-after-swap]");
    if (verdict) verdict.focus();
  });

  // Unsaved text. A form marked data-warn-unsaved asks before the page is
  // left while it holds text that was typed and not sent; one the server
  // marked data-unsaved (it shows text that was refused, not saved) asks
  // until it is sent. Sending the form itself is not leaving it.
  var sending = null;
  document.addEventListener("submit", function (event) {
    sending = event.target;
  }, true);

  function changed(form) {
    if (form.hasAttribute("data-unsaved")) return true;
    var controls = form.elements;
    for (var i = 0; i < controls.length; i++) {
      var c = controls[i];
      // Text that is only tried or measured, never saved, is not lost work.
      if (c.disabled || c.hasAttribute("data-unsaved-ignore")) continue;
      if (c.type === "checkbox" || c.type === "radio") {
        if (c.checked !== c.defaultChecked) return true;
      } else if (c.tagName === "SELECT") {
        for (var j = 0; j < c.options.length; j++) {
          if (c.options[j].selected !== c.options[j].defaultSelected) return true;
        }
      } else if (c.tagName === "TEXTAREA" || c.type === "text" || c.type === "number") {
        if (c.value !== c.defaultValue) return true;
      }
    }
    return false;
  }

  window.addEventListener("beforeunload", function (event) {
    var forms = document.querySelectorAll("form[data-warn-unsaved]");
    for (var i = 0; i < forms.length; i++) {
      if (forms[i] !== sending && changed(forms[i])) {
        event.preventDefault();
        event.returnValue = "";
        return "";
      }
    }
  });

  // Lines of the lesson text. A "Line 12" link beside a problem moves the
  // caret of the text area it names (data-for) to that line, selects it
  // and scrolls it into view; the text area shows where its caret is, so
  // line numbers can be found again while typing.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-line][data-for]");
    if (!link) return;
    var area = document.getElementById(link.getAttribute("data-for"));
    var line = parseInt(link.getAttribute("data-line"), 10);
    if (!area || area.tagName !== "TEXTAREA" || !(line > 0)) return;
    event.preventDefault();
    goToLine(area, line);
  });

  function goToLine(area, line) {
    var lines = area.value.split("\n");
    line = Math.min(line, lines.length);
    var start = 0;
    for (var i = 0; i < line - 1; i++) start += lines[i].length + 1;
    area.scrollIntoView({ block: "center" });
    area.focus({ preventScroll: true });
    area.setSelectionRange(start, start + lines[line - 1].length);
    area.scrollTop = Math.max(0, depth(area, start) - area.clientHeight / 3);
    showCaret(area);
  }

  // depth is how far down the text area's content the character at index
  // sits, measured in a hidden copy that wraps lines as the area does.
  function depth(area, index) {
    var style = window.getComputedStyle(area);
    var copy = document.createElement("div");
    ["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "wordSpacing", "tabSize",
      "paddingTop", "paddingRight", "paddingBottom", "paddingLeft"].forEach(function (p) {
      copy.style[p] = style[p];
    });
    copy.style.position = "absolute";
    copy.style.visibility = "hidden";
    copy.style.top = "0";
    copy.style.left = "-10000px";
    copy.style.boxSizing = "border-box";
    copy.style.width = area.clientWidth + "px";
    copy.style.whiteSpace = "pre-wrap";
    copy.style.overflowWrap = "break-word";
    copy.textContent = area.value.slice(0, index);
    var mark = document.createElement("span");
    mark.textContent = "\u200b";
    copy.appendChild(mark);
    document.body.appendChild(copy);
    var top = mark.offsetTop;
    document.body.removeChild(copy);
    return top;
  }

  function showCaret(area) {
    var out = document.getElementById(area.getAttribute("data-caret-position"));
    if (!out) return;
    var before = area.value.slice(0, area.selectionStart);
    var line = before.split("\n").length;
    var column = before.length - before.lastIndexOf("\n");
    out.textContent = "Caret at line " + line + ", column " + column + ".";
    out.hidden = false;
  }

  ["keyup", "click", "input", "focus", "select"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var t = event.target;
      if (t && t.hasAttribute && t.hasAttribute("data-caret-position")) showCaret(t);
    }, true);
  });

  // Menu. Under 40rem the main navigation folds behind its Menu button
  // (the CSS shows the button only there, and only on pages marked js):
  // the button opens and closes it (Enter or Space, being a button), Tab
  // goes on into the open list, and Escape, or Tab past its last link,
  // closes it again, Escape returning focus to the button.
  function initMenu() {
    var nav = document.querySelector("nav[data-menu]");
    var button = nav && nav.querySelector(".menu-button");
    var list = nav && document.getElementById(button && button.getAttribute("aria-controls"));
    if (!list) return;
    function show(open) {
      button.setAttribute("aria-expanded", open ? "true" : "false");
      list.classList.toggle("closed", !open);
    }
    show(false);
    button.addEventListener("click", function () {
      show(button.getAttribute("aria-expanded") !== "true");
    });
    nav.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        show(false);
        button.focus();
      }
    });
    nav.addEventListener("focusout", function (event) {
      if (event.relatedTarget && !nav.contains(event.relatedTarget)) show(false);
    });
  }

  // Wide tables. A table wider than its scrolling box says so above it
  // (.scrolls in the CSS); the box's shadows say it without JavaScript.
  function markScrolling() {
    var wraps = document.querySelectorAll(".table-wrap");
    for (var i = 0; i < wraps.length; i++) {
      wraps[i].classList.toggle("scrolls", wraps[i].scrollWidth > wraps[i].clientWidth + 1);
    }
  }
  window.addEventListener("resize", markScrolling);
  document.addEventListener("htmx:afterSwap", markScrolling);
  document.addEventListener("toggle", markScrolling, true);

  function init() {
    var areas = document.querySelectorAll("textarea[data-caret-position]");
    for (var i = 0; i < areas.length; i++) showCaret(areas[i]);
    initMenu();
    markScrolling();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
