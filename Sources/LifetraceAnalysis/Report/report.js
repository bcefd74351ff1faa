// The lifetrace report's timeline (ReportAssets.reportJS): draws the lanes of the JSON in
// #trace-data (ReportTimeline) on a canvas, zooms and pans, shows marks on hover, indexes the lanes
// and sorts the statistics tables; sets data-status="ok" on the root element when done.
(function () {
  "use strict";
  var started = performance.now();
  var data = JSON.parse(document.getElementById("trace-data").textContent);
  var lanes = data.lanes;
  var LABEL_W = 190, AXIS_H = 26, LANE_H = 30, STEP_H = 40, STRIDE = 6;
  var COLORS = { appearance: "#2563eb", loading: "#0d9488", layout: "#7c3aed", transition: "#dc2626",
                 editing: "#b45309", containment: "#475569", lifecycle: "#059669", scenario: "#94a3b8",
                 other: "#6b7280" };
  var STATE_COLORS = ["#fde68a", "#bbf7d0", "#fecaca"];
  var STATE_NAMES = ["appearing", "appeared", "disappearing"];
  var hookColors = data.categories.map(function (c) { return COLORS[c] || COLORS.other; });

  var laneTop = [], y = AXIS_H;
  lanes.forEach(function (lane) { laneTop.push(y); y += lane.kind === "steps" ? STEP_H : LANE_H; });
  var totalH = y + 4;

  var viewport = document.getElementById("viewport");
  var spacer = document.getElementById("spacer");
  var canvas = document.getElementById("canvas");
  var tooltip = document.getElementById("tooltip");
  var ctx = canvas.getContext("2d");
  spacer.style.height = totalH + "px";
  var span = Math.max(data.span, 1);
  var view = { start: -span * 0.01, end: span * 1.01 };
  var W = 0, H = 0, dpr = 1;

  function laneHeight(i) { return lanes[i].kind === "steps" ? STEP_H : LANE_H; }
  function plotW() { return Math.max(W - LABEL_W, 10); }
  function scale() { return plotW() / (view.end - view.start); }
  function xOf(t) { return LABEL_W + (t - view.start) * scale(); }
  function tOf(x) { return view.start + (x - LABEL_W) / scale(); }

  function fmtDuration(ns) {
    if (ns < 1000) return Math.round(ns) + " ns";
    if (ns < 1e6) return (ns / 1e3).toFixed(ns < 1e4 ? 2 : 1) + " µs";
    if (ns < 1e9) return (ns / 1e6).toFixed(ns < 1e7 ? 3 : 2) + " ms";
    return (ns / 1e9).toFixed(3) + " s";
  }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }

  // First mark whose start is >= t (marks are sorted by start).
  function lowerBound(marks, t) {
    var lo = 0, hi = marks.length / STRIDE;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (marks[mid * STRIDE + 1] < t) lo = mid + 1; else hi = mid; }
    return lo;
  }

  function resize() {
    dpr = window.devicePixelRatio || 1;
    var wanted = Math.min(totalH, Math.max(260, Math.round(window.innerHeight * 0.62)));
    viewport.style.height = (wanted + 2) + "px";
    W = viewport.clientWidth; H = viewport.clientHeight;
    canvas.width = Math.round(W * dpr); canvas.height = Math.round(H * dpr);
    canvas.style.width = W + "px"; canvas.style.height = H + "px";
    spacer.style.height = Math.max(totalH, H) + "px";
    draw();
  }

  var pending = false;
  function requestDraw() { if (!pending) { pending = true; requestAnimationFrame(function () { pending = false; draw(); }); } }

  function drawStates(lane, top, h) {
    var s = lane.states, sc = scale(), vs = view.start, ve = view.end;
    for (var k = 0; k < s.length; k += 3) {
      var a = s[k + 1], b = s[k + 2];
      if (b < vs || a > ve) continue;
      var x0 = Math.max(LABEL_W, LABEL_W + (a - vs) * sc), x1 = Math.min(W, LABEL_W + (b - vs) * sc);
      ctx.fillStyle = STATE_COLORS[s[k]];
      ctx.fillRect(x0, top + 2, Math.max(x1 - x0, 1), h - 4);
    }
  }

  function drawMarks(lane, top, h) {
    var m = lane.marks, n = m.length / STRIDE, sc = scale(), vs = view.start, ve = view.end;
    var k = lowerBound(m, vs - lane.maxDuration - 1);
    var lastX = [-1e9, -1e9, -1e9, -1e9], lastTick = -1e9;
    for (; k < n; k++) {
      var b = k * STRIDE, s = m[b + 1];
      if (s > ve) break;
      var d = m[b + 2], x = LABEL_W + (s - vs) * sc, color = hookColors[m[b]];
      if (d < 0) {
        var px = Math.round(x);
        if (px === lastTick || px < LABEL_W) continue;
        lastTick = px;
        ctx.fillStyle = color;
        ctx.fillRect(px - 1, top + 4, 2, h - 8);
        ctx.beginPath(); ctx.moveTo(px - 4, top + 3); ctx.lineTo(px + 4, top + 3); ctx.lineTo(px, top + 8); ctx.fill();
        continue;
      }
      var w = d * sc;
      if (x + w < LABEL_W) continue;
      var depth = Math.min(m[b + 5], 3), fx = Math.floor(x);
      if (w < 1 && fx === lastX[depth]) continue;
      lastX[depth] = fx;
      var inset = 7 + depth * 3, x0 = Math.max(x, LABEL_W), x1 = Math.min(x + w, W);
      ctx.fillStyle = color;
      ctx.globalAlpha = depth === 0 && w > 40 ? 0.75 : 1;
      ctx.fillRect(x0, top + inset, Math.max(x1 - x0, 1), Math.max(h - 2 * inset, 3));
      ctx.globalAlpha = 1;
    }
  }

  // Display frames: each a bar, red when longer than the lane's budget (a hitch), and the budget
  // line: a tick where each frame's budget ends.
  function drawFrames(lane, top, h) {
    var m = lane.marks, n = m.length / STRIDE, sc = scale(), vs = view.start, ve = view.end;
    for (var k = lowerBound(m, vs - lane.maxDuration - 1); k < n; k++) {
      var b = k * STRIDE, s = m[b + 1], d = m[b + 2];
      if (s > ve) break;
      if (d < 0) continue;
      var x = LABEL_W + (s - vs) * sc, w = Math.max(d * sc, 1), x0 = Math.max(x, LABEL_W), x1 = Math.min(x + w, W);
      if (x1 < LABEL_W) continue;
      ctx.fillStyle = lane.budget > 0 && d > lane.budget ? "#dc2626" : "#16a34a";
      ctx.fillRect(x0, top + 7, Math.max(x1 - x0, 1), h - 14);
      if (lane.budget > 0) {
        var bx = Math.round(LABEL_W + (s + lane.budget - vs) * sc);
        if (bx >= LABEL_W && bx <= W) { ctx.fillStyle = "#0f172a"; ctx.fillRect(bx, top + 3, 1, h - 6); }
      }
    }
  }

  function drawSteps(lane, top, h) {
    var m = lane.marks, n = m.length / STRIDE, sc = scale(), vs = view.start, ve = view.end;
    var first = lowerBound(m, vs - lane.maxDuration - 1), k = first, labelEnd = -1e9, lastX = -1e9;
    ctx.font = "12px system-ui, sans-serif";
    for (var pass = 0; pass < 2; pass++)
    for (k = first; k < n; k++) {
      var b = k * STRIDE, s = m[b + 1];
      if (s > ve) break;
      var d = Math.max(m[b + 2], 0), x = LABEL_W + (s - vs) * sc, w = d * sc;
      if (x + w < LABEL_W) continue;
      var x0 = Math.max(x, LABEL_W);
      if (pass === 0 && (w >= 1 || Math.floor(x) !== lastX)) {
        lastX = Math.floor(x);
        ctx.fillStyle = (m[b + 4] % 2) ? "#e2e8f0" : "#f1f5f9";
        ctx.fillRect(x0, top + 4, Math.max(Math.min(x + w, W) - x0, 1), h - 8);
        ctx.fillStyle = "#334155";
        ctx.fillRect(Math.round(x0), top + 2, 2, h - 4);
      }
      if (pass === 1 && x0 >= labelEnd) {
        var text = data.details[m[b + 3]];
        ctx.fillStyle = "#0f172a";
        ctx.fillText(text, x0 + 5, top + h / 2 + 4);
        labelEnd = x0 + ctx.measureText(text).width + 14;
      }
    }
  }

  function niceStep(raw) {
    var p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
  }

  function drawAxis() {
    ctx.fillStyle = "#f8fafc"; ctx.fillRect(0, 0, W, AXIS_H);
    ctx.strokeStyle = "#cbd5e1"; ctx.beginPath(); ctx.moveTo(0, AXIS_H - 0.5); ctx.lineTo(W, AXIS_H - 0.5); ctx.stroke();
    var step = niceStep(100 / scale()), first = Math.ceil(view.start / step) * step;
    ctx.fillStyle = "#475569"; ctx.font = "11px system-ui, sans-serif";
    for (var t = first; t <= view.end; t += step) {
      var x = Math.round(xOf(t)) + 0.5;
      if (x < LABEL_W) continue;
      ctx.fillRect(x, AXIS_H - 6, 1, 6);
      ctx.fillText(t === 0 ? "0" : fmtDuration(Math.abs(t)).replace(/^/, t < 0 ? "-" : "+"), x + 3, AXIS_H - 9);
    }
    ctx.fillStyle = "#0f172a"; ctx.font = "600 12px system-ui, sans-serif";
    ctx.fillText("time from first event", 8, AXIS_H - 9);
  }

  function draw() {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    var scroll = viewport.scrollTop;
    ctx.save();
    ctx.beginPath(); ctx.rect(0, AXIS_H, W, H - AXIS_H); ctx.clip();
    for (var i = 0; i < lanes.length; i++) {
      var lane = lanes[i], top = laneTop[i] - scroll, h = laneHeight(i);
      if (top + h < AXIS_H || top > H) continue;
      ctx.fillStyle = i % 2 ? "#fbfcfe" : "#ffffff";
      ctx.fillRect(LABEL_W, top, W - LABEL_W, h);
      ctx.save();
      ctx.beginPath(); ctx.rect(LABEL_W, top, W - LABEL_W, h); ctx.clip();
      if (lane.kind === "steps") drawSteps(lane, top, h);
      else if (lane.kind === "frames") drawFrames(lane, top, h);
      else { drawStates(lane, top, h); drawMarks(lane, top, h); }
      ctx.restore();
      ctx.fillStyle = lane.kind === "controller" ? "#f1f5f9" : "#e2e8f0";
      ctx.fillRect(0, top, LABEL_W, h);
      ctx.fillStyle = "#0f172a";
      ctx.font = (lane.kind === "controller" ? "" : "italic ") + "600 12px system-ui, sans-serif";
      var label = lane.name + (lane.instances > 1 && lane.kind === "controller" ? "  ×" + lane.instances : "");
      ctx.fillText(label.length > 26 ? label.slice(0, 25) + "…" : label, 8, top + h / 2 + 4);
      ctx.fillStyle = "#e2e8f0"; ctx.fillRect(0, top + h - 1, W, 1);
      // A trace of several processes: a lane group per process (of each host, in a trace of
      // several hosts), labelled at its first lane.
      if ((lane.process !== undefined || lane.host !== undefined)
          && (i === 0 || lanes[i - 1].process !== lane.process || lanes[i - 1].host !== lane.host)) {
        ctx.fillStyle = "#475569"; ctx.fillRect(0, top, W, 2);
        ctx.font = "600 10px system-ui, sans-serif";
        if (lane.host === undefined) {
          ctx.fillText("pid " + lane.process, LABEL_W - 58, top + 11);
        } else {
          var group = (lane.process !== undefined ? "pid " + lane.process + " on " : "") + lane.host;
          ctx.fillText(group, Math.max(8, LABEL_W - 8 - ctx.measureText(group).width), top + 11);
        }
      }
    }
    ctx.restore();
    drawAxis();
  }

  // Interaction: zoom at the pointer, pan by dragging or shift+wheel, scroll lanes by dragging up/down.
  function zoom(factor, x) {
    var t = tOf(x), width = (view.end - view.start) * factor;
    width = Math.min(Math.max(width, 50), span * 4);
    var ratio = (x - LABEL_W) / plotW();
    view.start = t - width * ratio; view.end = view.start + width;
    requestDraw();
  }
  function pan(dx) { var dt = dx / scale(); view.start += dt; view.end += dt; requestDraw(); }
  function fit() { view.start = -span * 0.01; view.end = span * 1.01; requestDraw(); }

  canvas.addEventListener("wheel", function (e) {
    var rect = canvas.getBoundingClientRect(), x = e.clientX - rect.left;
    if (x < LABEL_W && !e.ctrlKey) return;  // over the labels: scroll the lanes
    e.preventDefault();
    if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) pan(e.shiftKey ? e.deltaY : e.deltaX);
    else zoom(Math.exp(e.deltaY * 0.0015), Math.max(x, LABEL_W));
  }, { passive: false });
  var drag = null, pressed = null;
  canvas.addEventListener("mousedown", function (e) {
    drag = { x: e.clientX, y: e.clientY, scroll: viewport.scrollTop }; canvas.classList.add("dragging"); tooltip.hidden = true;
    pressed = { x: e.clientX, y: e.clientY };
  });
  // A click (not a drag) on a layout pass draws its wireframe.
  canvas.addEventListener("click", function (e) {
    if (!pressed || Math.abs(e.clientX - pressed.x) + Math.abs(e.clientY - pressed.y) > 4) return;
    var rect = canvas.getBoundingClientRect(), x = e.clientX - rect.left, yy = e.clientY - rect.top;
    var i = yy < AXIS_H || x < LABEL_W ? -1 : laneAt(yy + viewport.scrollTop);
    var pass = i >= 0 ? passAt(lanes[i], tOf(x), 4 / scale()) : null;
    if (pass) openWireframe(lanes[i], pass, null);
  });
  window.addEventListener("mouseup", function () { drag = null; canvas.classList.remove("dragging"); });
  window.addEventListener("mousemove", function (e) {
    if (drag) {
      pan(drag.x - e.clientX); drag.x = e.clientX;
      viewport.scrollTop = drag.scroll - (e.clientY - drag.y);
      return;
    }
    if (e.target === canvas) hover(e); else tooltip.hidden = true;
  });
  canvas.addEventListener("mouseleave", function () { tooltip.hidden = true; });
  canvas.addEventListener("dblclick", fit);
  viewport.addEventListener("scroll", requestDraw);
  window.addEventListener("resize", resize);
  document.getElementById("fit").onclick = fit;
  document.getElementById("zoom-in").onclick = function () { zoom(0.5, LABEL_W + plotW() / 2); };
  document.getElementById("zoom-out").onclick = function () { zoom(2, LABEL_W + plotW() / 2); };
  document.getElementById("pan-left").onclick = function () { pan(-plotW() / 3); };
  document.getElementById("pan-right").onclick = function () { pan(plotW() / 3); };
  document.addEventListener("keydown", function (e) {
    if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
    if (e.key === "+" || e.key === "=") zoom(0.5, LABEL_W + plotW() / 2);
    else if (e.key === "-") zoom(2, LABEL_W + plotW() / 2);
    else if (e.key === "0") fit();
    else if (e.key === "ArrowLeft") pan(-plotW() / 5);
    else if (e.key === "ArrowRight") pan(plotW() / 5);
  });

  function laneAt(y) {
    var lo = 0, hi = lanes.length - 1;
    if (y < AXIS_H || !lanes.length) return -1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (laneTop[mid] <= y) lo = mid; else hi = mid - 1; }
    return y < laneTop[lo] + laneHeight(lo) ? lo : -1;
  }

  // The layout pass of a layout lane at time t (within tol): the innermost whose mark spans t.
  function passAt(lane, t, tol) {
    var w = lane.wireframes, best = null;
    if (!w || !LifetraceWireframe.available()) return null;
    for (var k = 0; k < w.length; k += 3) {
      var b = w[k] * STRIDE, s = lane.marks[b + 1], d = Math.max(lane.marks[b + 2], 0);
      if (s - tol <= t && t <= s + d + tol && (!best || d < best.duration)) best = { entry: k, duration: d };
    }
    return best && best.entry;
  }

  function openWireframe(lane, entry, selected) {
    var w = lane.wireframes, b = w[entry] * STRIDE;
    LifetraceWireframe.open({ records: w[entry + 1], window: w[entry + 2], seq: lane.marks[b + 4],
      at: fmtDuration(lane.marks[b + 1] + Math.max(lane.marks[b + 2], 0)), selected: selected });
  }

  function hover(e) {
    var rect = canvas.getBoundingClientRect(), x = e.clientX - rect.left, yy = e.clientY - rect.top;
    var i = yy < AXIS_H ? -1 : laneAt(yy + viewport.scrollTop);
    if (i < 0 || x < LABEL_W) { tooltip.hidden = true; return; }
    var lane = lanes[i], m = lane.marks, t = tOf(x), tol = 4 / scale();
    var best = -1, bestDepth = -1, bestDur = Infinity;
    for (var k = lowerBound(m, t + tol) - 1, scanned = 0; k >= 0 && scanned < 5000; k--, scanned++) {
      var b = k * STRIDE, s = m[b + 1], d = Math.max(m[b + 2], 0);
      if (t - s > lane.maxDuration + tol) break;
      if (s - tol <= t && s + d + tol >= t) {
        var depth = m[b + 5];
        if (depth > bestDepth || (depth === bestDepth && d < bestDur)) { best = b; bestDepth = depth; bestDur = d; }
      }
    }
    var html = "";
    if (best >= 0) {
      var dur = m[best + 2], hook = data.hooks[m[best]];
      var who = lane.kind === "controller" ? esc(lane.name) + " " : "";
      html = "<b>" + who + esc(hook) + "</b> " + (dur < 0 ? "(instant)" : fmtDuration(dur)) +
        "<br>" + esc(data.details[m[best + 3]]) +
        "<br>at +" + fmtDuration(m[best + 1]) + " · seq " + m[best + 4] +
        (lane.wireframes && LifetraceWireframe.available() ? "<br>click: the views at the end of this pass" : "");
    } else {
      var s = lane.states;
      for (var q = 0; q < s.length; q += 3) {
        if (s[q + 1] <= t && t <= s[q + 2]) {
          html = "<b>" + esc(lane.name) + "</b> " + STATE_NAMES[s[q]] + " for " + fmtDuration(s[q + 2] - s[q + 1]) +
            "<br>from +" + fmtDuration(s[q + 1]) + " to +" + fmtDuration(s[q + 2]);
        }
      }
    }
    if (!html) { tooltip.hidden = true; return; }
    tooltip.innerHTML = html;
    tooltip.hidden = false;
    var left = Math.min(e.clientX + 14, window.innerWidth - tooltip.offsetWidth - 8);
    tooltip.style.left = left + "px"; tooltip.style.top = (e.clientY + 16) + "px";
  }

  // The lane index: one chip per lane; a click scrolls to it.
  var index = document.getElementById("lane-index");
  lanes.forEach(function (lane, i) {
    var chip = document.createElement("span");
    chip.className = "lane-chip"; chip.setAttribute("data-lane", lane.kind);
    var group = lane.host !== undefined ? (lane.process !== undefined ? lane.process + " on " : "") + lane.host
      : lane.process;
    chip.textContent = (group !== undefined ? group + ": " : "") + lane.name;
    chip.onclick = function () { viewport.scrollTop = laneTop[i] - AXIS_H; };
    index.appendChild(chip);
  });

  // Sortable statistics tables.
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
      th.addEventListener("click", function () {
        var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        var descending = th.getAttribute("data-sorted") !== "desc";
        rows.sort(function (a, b) {
          var x = a.cells[column].getAttribute("data-v"), z = b.cells[column].getAttribute("data-v");
          var r = (x !== null && z !== null) ? (Number(x) - Number(z)) : a.cells[column].textContent.localeCompare(b.cells[column].textContent);
          return descending ? -r : r;
        });
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) { c.removeAttribute("data-sorted"); });
        th.setAttribute("data-sorted", descending ? "desc" : "asc");
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });

  resize();
  // `#wireframe=SEQ[&view=0x…]` opens the wireframe of the layout pass that begins with seq SEQ
  // (a link to a pass, and how headless checks draw one), the view highlighted.
  LifetraceWireframe.init(data);
  var wanted = /^#wireframe=(\d+)(?:&view=(0x[0-9a-f]+))?$/.exec(location.hash);
  if (wanted) {
    lanes.forEach(function (lane) {
      var w = lane.wireframes || [];
      for (var k = 0; k < w.length; k += 3) {
        if (String(lane.marks[w[k] * STRIDE + 4]) === wanted[1] && !document.documentElement.hasAttribute("data-wireframe")) {
          openWireframe(lane, k, wanted[2] || null);
        }
      }
    });
  }
  var elapsed = Math.round(performance.now() - started);
  var root = document.documentElement;
  if (root.getAttribute("data-status") !== "error") {
    root.setAttribute("data-status", "ok");
    root.setAttribute("data-lanes", String(lanes.length));
    root.setAttribute("data-render-ms", String(elapsed));
    document.getElementById("status").textContent = data.events + " events · " + lanes.length + " lanes · drawn in " + elapsed + " ms";
    document.title = "lifetrace report: " + document.title.replace(/^lifetrace report: (loading )?/, "");
  }
})();
