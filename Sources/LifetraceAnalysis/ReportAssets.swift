/// The inline style sheet and scripts of the HTML report (no network: no external scripts, styles
/// or fonts).
///
/// They are real files, `Report/report.css`, `Report/error-handler.js` (run first: any later
/// script error marks the page, `data-status="error"`, so headless checks catch it),
/// `Report/wireframe.js` (a layout pass's wireframe) and `Report/report.js` (the timeline, the
/// lane index, the sortable tables). `tools/report-assets`
/// writes each into ReportAssets+Files.swift as a `StaticString` member named after its file
/// (`reportCSS`, `errorHandlerJS`, `wireframeJS`, `reportJS`), and `tools/test` fails when that file is stale: the
/// `lifetrace` binary carries them, with no resource bundle to keep beside it and no Foundation to
/// read one. Each file ends with a line feed.
enum ReportAssets {}
