// The site's one small script (site.js): a Copy button on every code block of a guide. Code blocks are
// highlighted at build time; this only adds the buttons, so a page without scripts still reads in full.
export const SITE_JS = `// Adds a Copy button to each code block; it copies the block's text exactly as shown.
(function () {
  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
    area.remove();
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext)
      return navigator.clipboard.writeText(text).catch(function () { return fallbackCopy(text); });
    return fallbackCopy(text);
  }
  var blocks = document.querySelectorAll(".code-block");
  for (var i = 0; i < blocks.length; i++) {
    (function (block) {
      var code = block.querySelector("code");
      if (!code) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy";
      button.textContent = "Copy";
      button.setAttribute("aria-label", "Copy this code");
      var timer;
      button.addEventListener("click", function () {
        copy(code.textContent).then(
          function () { button.textContent = "Copied"; },
          function () { button.textContent = "Select and press Ctrl+C"; }
        ).then(function () {
          clearTimeout(timer);
          timer = setTimeout(function () { button.textContent = "Copy"; }, 2000);
        });
      });
      block.appendChild(button);
    })(blocks[i]);
  }
})();
`;
