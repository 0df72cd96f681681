// Refuse an oversized board file before it is sent, so a pasted text stays in the form and the
// reader is told why in their language (the server refuses it too, for browsers without this).
(function () {
  "use strict";
  var form = document.querySelector("form[data-limit-bytes]");
  if (!form) return;
  var limit = parseInt(form.dataset.limitBytes, 10);
  var warning = document.getElementById("import-too-big");
  function sizeOf() {
    var file = form.querySelector("input[type=file]");
    var text = form.querySelector("textarea");
    if (file && file.files && file.files.length) return file.files[0].size;
    return text ? new Blob([text.value]).size : 0;
  }
  form.addEventListener("submit", function (event) {
    var tooBig = sizeOf() > limit;
    warning.hidden = !tooBig;
    if (tooBig) {
      event.preventDefault();
      warning.focus();
    }
  });
})();
