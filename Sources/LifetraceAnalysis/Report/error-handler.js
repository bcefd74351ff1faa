// The lifetrace report's first script (ReportAssets.errorHandlerJS): any later script error marks
// the page (data-status="error", data-error, the title, the status line), so headless checks catch it.
window.onerror = function (message, source, line, column) {
  var root = document.documentElement;
  root.setAttribute("data-status", "error");
  root.setAttribute("data-error", String(message) + " (line " + line + ":" + column + ")");
  document.title = "lifetrace report: error: " + message;
  var status = document.getElementById("status");
  if (status) { status.textContent = "Script error: " + message + " (line " + line + ")"; status.className = "error"; }
};
