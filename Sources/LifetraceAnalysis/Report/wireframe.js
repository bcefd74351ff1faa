// The lifetrace report's wireframes (ReportAssets.wireframeJS, run before report.js, which calls
// it): the hierarchy of views of a layout pass's window as it was at the pass's end, drawn as
// outlined rectangles scaled to fit, nested by superview, in the #wireframe panel.
//
// Data (ReportWireframes): data.frames holds nine numbers per frame record, in trace order: view,
// name, superview (-1 none, -2 the view left or was released), x, y, width, height in the window's
// coordinates, offset x and y from the superview. A pass's wireframe takes the records before its
// end, each view's latest; a view is placed at its superview's place plus its offset (so a view
// whose ancestor moved since its own record is still where it is), a view without a superview at
// its frame. Only the views whose superviews lead to the pass's window are drawn.
var LifetraceWireframe = (function () {
  "use strict";
  var STRIDE = 9, PAD = 12;
  var COLORS = ["#1d4ed8", "#7c3aed", "#0f766e", "#b91c1c", "#a16207", "#334155"];
  var panel, svg, title, info, data, shown = null;

  function number(value) { return typeof value === "number" && isFinite(value) ? value : 0; }
  function fmt(value) { return String(Math.round(number(value) * 100) / 100); }

  // The views of a wireframe: each view's latest record among the first `count`, their places,
  // and the order to draw them in (a superview before its subviews).
  function hierarchy(count, windowView) {
    var frames = data.frames, latest = {}, order = {}, views = [];
    for (var r = 0; r < count; r++) {
      var view = frames[r * STRIDE];
      if (!(view in latest)) { order[view] = views.length; views.push(view); }
      latest[view] = r * STRIDE;
    }
    var place = {}, root = {}, visiting = {};
    // A view's place and its hierarchy's top, or null when its branch has left its window.
    function locate(view) {
      if (view in place) return place[view];
      var at = latest[view];
      if (at === undefined || frames[at + 2] === -2 || visiting[view]) return null;
      visiting[view] = true;
      var superview = frames[at + 2], result = null;
      if (superview < 0) {
        result = { x: number(frames[at + 3]), y: number(frames[at + 4]), top: view, depth: 0 };
      } else {
        var above = locate(superview);
        if (above) {
          result = { x: above.x + number(frames[at + 7]), y: above.y + number(frames[at + 8]), top: above.top, depth: above.depth + 1 };
        }
      }
      delete visiting[view];
      place[view] = result;
      return result;
    }
    var top = windowView >= 0 && latest[windowView] !== undefined && frames[latest[windowView] + 2] === -1 ? windowView : -1;
    var drawn = [];
    views.forEach(function (view) {
      var where = locate(view);
      if (!where || (top >= 0 && where.top !== top)) return;
      var at = latest[view];
      drawn.push({ view: view, name: data.viewNames[frames[at + 1]], id: data.viewIDs[view],
        superview: frames[at + 2] >= 0 ? frames[at + 2] : -1, x: where.x, y: where.y,
        width: Math.max(number(frames[at + 5]), 0), height: Math.max(number(frames[at + 6]), 0), depth: where.depth });
    });
    // Superviews first (by depth), then in the order the views first appear: subviews on top.
    drawn.sort(function (a, b) { return a.depth - b.depth || order[a.view] - order[b.view]; });
    return drawn;
  }

  function element(name, attributes, parent) {
    var node = document.createElementNS(svg.namespaceURI, name);
    for (var key in attributes) node.setAttribute(key, attributes[key]);
    parent.appendChild(node);
    return node;
  }

  function describe(item) {
    var superview = item.superview >= 0 ? " · in " + data.viewIDs[item.superview] : "";
    return item.name + " " + item.id + " · x " + fmt(item.x) + ", y " + fmt(item.y) + " · " + fmt(item.width) + " × " +
      fmt(item.height) + " (window coordinates)" + superview;
  }

  function highlight(node, item) {
    Array.prototype.forEach.call(svg.querySelectorAll("rect.hot"), function (other) { other.classList.remove("hot"); });
    if (!node) { info.textContent = "Hover a view for its frame"; return; }
    node.classList.add("hot");
    info.textContent = describe(item);
  }

  function draw() {
    if (!shown) return;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var items = hierarchy(shown.records, shown.window);
    var width = svg.clientWidth || 400, height = svg.clientHeight || 400;
    var minX = 0, minY = 0, maxX = 1, maxY = 1;
    items.forEach(function (item, index) {
      if (index === 0) { minX = item.x; minY = item.y; maxX = item.x + item.width; maxY = item.y + item.height; }
      minX = Math.min(minX, item.x); minY = Math.min(minY, item.y);
      maxX = Math.max(maxX, item.x + item.width); maxY = Math.max(maxY, item.y + item.height);
    });
    var scale = Math.min((width - 2 * PAD) / Math.max(maxX - minX, 1), (height - 2 * PAD) / Math.max(maxY - minY, 1));
    svg.setAttribute("data-scale", String(scale));
    svg.setAttribute("data-origin", [minX, minY].join(","));
    panel.setAttribute("data-views", String(items.length));
    var selected = null, labels = {};
    items.forEach(function (item) {
      // Whole pixels, the stroke on the pixel's centre: crisp outlines.
      var x0 = Math.round(PAD + (item.x - minX) * scale), y0 = Math.round(PAD + (item.y - minY) * scale);
      var x1 = Math.round(PAD + (item.x + item.width - minX) * scale), y1 = Math.round(PAD + (item.y + item.height - minY) * scale);
      var group = element("g", { "class": "view" }, svg);
      var rect = element("rect", { x: x0 + 0.5, y: y0 + 0.5, width: Math.max(x1 - x0, 0), height: Math.max(y1 - y0, 0),
        stroke: COLORS[item.depth % COLORS.length], "data-id": item.id, "data-name": item.name, "data-depth": item.depth,
        "data-frame": [item.x, item.y, item.width, item.height].join(",") }, group);
      element("title", {}, rect).textContent = describe(item);
      // A label under the one already at this corner (a view the size of its superview's).
      var corner = x0 + "," + y0, below = (labels[corner] || 0) * 11;
      if (x1 - x0 >= 24 && y1 - y0 >= 13 + below) {
        labels[corner] = (labels[corner] || 0) + 1;
        var label = element("text", { x: x0 + 3, y: y0 + 11 + below, fill: COLORS[item.depth % COLORS.length] }, group);
        var room = Math.max(Math.floor((x1 - x0 - 6) / 6), 1);
        label.textContent = item.name.length > room ? item.name.slice(0, Math.max(room - 1, 1)) + "…" : item.name;
      }
      rect.addEventListener("mouseenter", function () { highlight(rect, item); });
      if (item.id === shown.selected) selected = { rect: rect, item: item };
    });
    svg.onmouseleave = function () { highlight(selected && selected.rect, selected && selected.item); };
    highlight(selected && selected.rect, selected && selected.item);
    // Where the drawing is on the page (after the panel's last change): headless checks read it.
    var box = svg.getBoundingClientRect();
    svg.setAttribute("data-box", [Math.round(box.left), Math.round(box.top)].join(","));
  }

  function open(pass) {
    shown = pass;
    title.textContent = "Layout pass at +" + pass.at + " · seq " + pass.seq + (pass.window >= 0 ? " · " + data.viewIDs[pass.window] : "");
    panel.hidden = false;
    document.documentElement.setAttribute("data-wireframe", String(pass.seq));
    draw();
  }

  function close() {
    shown = null;
    panel.hidden = true;
    document.documentElement.removeAttribute("data-wireframe");
  }

  return {
    // Called by report.js once the data is read.
    init: function (traceData) {
      data = traceData;
      panel = document.getElementById("wireframe");
      svg = document.getElementById("wireframe-svg");
      title = document.getElementById("wireframe-title");
      info = document.getElementById("wireframe-info");
      document.getElementById("wireframe-close").onclick = close;
      document.addEventListener("keydown", function (e) { if (e.key === "Escape" && shown) close(); });
      window.addEventListener("resize", draw);
    },
    // Whether the trace has frames to draw.
    available: function () { return !!(data && data.frames && data.frames.length); },
    // Draws a pass: {records, window, seq, at (text), selected (a view's "0x…" identity, or null)}.
    open: open,
    close: close
  };
})();
