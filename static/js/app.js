// Progressive enhancement only: every page works without this file.
// After htmx swaps a checkpoint in place, move focus to its verdict so
// screen-reader and keyboard users learn the result where they are.
document.addEventListener("htmx:afterSwap", function (event) {
  var target = event.detail && event.detail.elt;
  if (!target || !target.querySelector) return;
  var verdict = target.querySelector("[data-focus-after-swap]");
  if (verdict) verdict.focus();
});
