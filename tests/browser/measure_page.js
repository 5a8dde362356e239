// SPDX-License-Identifier: Apache-2.0
// Run in the report page by report_browser.py (DevTools protocol,
// Runtime.evaluate): measures what a person sees and returns it as one
// JSON-able object. Nothing here changes the page but `openAll`, which
// opens every <details> first when asked.
//
//   docWidth      the document's scroll width (the page scrolls sideways
//                 when it exceeds the viewport)
//   scrollers     elements whose content is wider than their box
//                 (overflow-x auto/scroll/hidden): they scroll, or clip
//   outside       elements drawn beyond the right or left edge of what
//                 shows them (the viewport, or the nearest box that clips
//                 or scrolls; an SVG's own box for its children)
//   smallest      the smallest text as drawn: an HTML text's font size, an
//                 SVG text's font size times the SVG's scale on screen
//   overlaps      two texts of one figure whose boxes intersect
//   contrast      texts whose colour against what is behind them is below
//                 WCAG AA (4.5:1; 3:1 for large text)
//   splitWords    headings (h1, h2), names of the reports' lines and their
//                 details' values broken
//                 across lines inside a word that would fit its line
//                 whole, or between two letters or digits of a piece
//                 between a name's seams ("/_.-+") that would fit
//   splitNumbers  numbers ("1,234,567.500", "12.5%", "1.25×") drawn on more
//                 than one line: a reader of the first line reads another
//                 number
//   splitIds      the operator table's report ids (`#ops td.rid`) drawn
//                 on more than one line
//   headline      the header's first key figure (the operator time before
//                 → after): the lines of its value and of the whole card
//                 as drawn; null when the page has none
(function (options) {
  "use strict";
  options = options || {};
  if (options.openAll) {
    document.querySelectorAll("details").forEach(function (d) { d.open = true; });
  }
  var vw = document.documentElement.clientWidth;
  var out = {
    viewport: vw,
    docWidth: document.documentElement.scrollWidth,
    scrollers: [],
    outside: [],
    smallest: { px: 1e9, what: "" },
    texts: 0,
    overlaps: [],
    contrast: [],
    contrastChecked: 0,
    minContrast: { ratio: 99, what: "" }
  };

  function describe(el) {
    var s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    var cls = el.getAttribute && el.getAttribute("class");
    if (cls) s += "." + cls.trim().split(/\s+/).join(".");
    var text = (el.textContent || "").trim().replace(/\s+/g, " ");
    if (text) s += " \"" + text.slice(0, 50) + "\"";
    return s;
  }
  // Drawn: has boxes, and is not inside a closed <details> (whose content
  // keeps its boxes but is not drawn) or made invisible.
  function rendered(el) {
    if (el.getClientRects().length === 0) return false;
    return el.checkVisibility ? el.checkVisibility({ contentVisibilityAuto: true,
                                                     opacityProperty: true,
                                                     visibilityProperty: true }) : true;
  }
  function clipsX(el) {
    var o = getComputedStyle(el).overflowX;
    return o === "auto" || o === "scroll" || o === "hidden" || o === "clip";
  }
  // The box that shows `el`: its SVG for an SVG child, else the nearest
  // ancestor that clips or scrolls sideways, else null (the viewport).
  function clipper(el) {
    if (el instanceof SVGElement && el.ownerSVGElement) {
      var top = el.ownerSVGElement;
      while (top.ownerSVGElement) top = top.ownerSVGElement;
      return top;
    }
    for (var p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (clipsX(p)) return p;
    }
    return null;
  }

  var all = Array.prototype.slice.call(document.body.querySelectorAll("*"));
  var limit = options.maxElements || 200000;
  all.slice(0, limit).forEach(function (el) {
    if (!rendered(el)) return;
    var tag = el.tagName.toLowerCase();
    if (tag === "script" || tag === "style" || tag === "title") return;
    if (!(el instanceof SVGElement) && clipsX(el) && el.scrollWidth > el.clientWidth + 1) {
      out.scrollers.push({ what: describe(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth });
    }
    var r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;
    var c = clipper(el);
    var left = 0, right = vw;
    if (c) {
      var cr = c.getBoundingClientRect();
      if (c instanceof SVGElement || getComputedStyle(c).overflowX === "hidden" ||
          getComputedStyle(c).overflowX === "clip") {
        left = cr.left; right = cr.right;
      } else {
        // A scrolling box: what is beyond its edge can be scrolled to.
        left = cr.left - c.scrollLeft; right = cr.left - c.scrollLeft + c.scrollWidth;
      }
    }
    if (r.right > right + 1 || r.left < left - 1) {
      out.outside.push({ what: describe(el), left: Math.round(r.left), right: Math.round(r.right),
                         boxLeft: Math.round(left), boxRight: Math.round(right) });
    }
  });

  // Every text as drawn: its element, its drawn size, its colour.
  var texts = [];
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  var range = document.createRange();
  for (var node = walker.nextNode(); node && texts.length < limit; node = walker.nextNode()) {
    if (!node.nodeValue.trim()) continue;
    var el = node.parentElement;
    if (!el || el.closest("script,style,title") || !rendered(el)) continue;
    range.selectNodeContents(node);
    var rects = range.getClientRects();
    if (!rects.length) continue;
    var style = getComputedStyle(el);
    if (style.visibility === "hidden" || parseFloat(style.opacity) === 0) continue;
    var size = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {
      var m = el.getScreenCTM();
      if (m) size *= Math.sqrt(m.a * m.a + m.b * m.b);
    }
    var box = range.getBoundingClientRect();
    if (box.width < 0.5 || box.height < 0.5) continue;
    texts.push({ el: el, node: node, size: size, box: box, style: style });
  }
  out.texts = texts.length;
  texts.forEach(function (t) {
    if (t.size < out.smallest.px) {
      out.smallest = { px: Math.round(t.size * 100) / 100, what: describe(t.el) };
    }
  });

  // Overlap: two texts of one figure.
  var bySvg = new Map();
  document.querySelectorAll("svg text").forEach(function (el) {
    if (!rendered(el)) return;
    var svg = el.ownerSVGElement;
    if (!bySvg.has(svg)) bySvg.set(svg, []);
    bySvg.get(svg).push(el);
  });
  out.svgTexts = 0;
  bySvg.forEach(function (els) { out.svgTexts += els.length; });
  bySvg.forEach(function (els) {
    var boxes = els.map(function (e) {
      // The glyphs' box (an SVG text's client rect is its glyphs).
      return { el: e, r: e.getBoundingClientRect() };
    });
    for (var i = 0; i < boxes.length; i++) {
      for (var j = i + 1; j < boxes.length; j++) {
        var a = boxes[i].r, b = boxes[j].r;
        var w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        var h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        // Glyph boxes of neighbouring lines may touch: more than a pixel
        // each way is an overlap.
        if (w > 1 && h > 1) {
          out.overlaps.push(describe(boxes[i].el) + " × " + describe(boxes[j].el));
        }
      }
    }
  });

  // Contrast: the text's colour against what is drawn behind its middle.
  function rgba(text) {
    var m = /rgba?\(([^)]+)\)/.exec(text || "");
    if (!m) return null;
    var p = m[1].split(/[ ,\/]+/).filter(Boolean).map(parseFloat);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  }
  function over(top, bottom) {
    var a = top.a;
    return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a),
             b: top.b * a + bottom.b * (1 - a), a: 1 };
  }
  function lum(c) {
    function ch(v) { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
  }
  function ratio(a, b) {
    var x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }
  var pageBg = rgba(getComputedStyle(document.body).backgroundColor) || { r: 255, g: 255, b: 255, a: 1 };
  if (pageBg.a < 1) pageBg = over(pageBg, { r: 255, g: 255, b: 255, a: 1 });
  var seen = 0;
  texts.forEach(function (t) {
    if (options.contrastLimit && seen >= options.contrastLimit) return;
    var cx = t.box.left + t.box.width / 2, cy = t.box.top + t.box.height / 2;
    if (cx < 0 || cy < 0 || cx >= vw || cy >= window.innerHeight) return;  // not in view
    seen++;
    var fg = rgba(t.el instanceof SVGElement ? t.style.fill : t.style.color);
    if (!fg) return;
    // The layers under the text's middle, top first; the text's own
    // element and its inline ancestors are among them.
    var layers = document.elementsFromPoint(cx, cy);
    var stack = [];
    for (var k = 0; k < layers.length; k++) {
      var e = layers[k];
      if (e === t.el) continue;
      if (e instanceof SVGElement) {
        var tag = e.tagName.toLowerCase();
        if (tag === "rect" || tag === "path" || tag === "circle" || tag === "polygon") {
          var f = rgba(getComputedStyle(e).fill);
          if (f && f.a > 0) {
            f.a *= parseFloat(getComputedStyle(e).fillOpacity || "1");
            stack.push(f);
            if (f.a >= 1) break;
          }
        }
        continue;
      }
      var bg = rgba(getComputedStyle(e).backgroundColor);
      if (bg && bg.a > 0) {
        stack.push(bg);
        if (bg.a >= 1) break;
      }
    }
    var behind = pageBg;
    for (var s = stack.length - 1; s >= 0; s--) behind = over(stack[s], behind);
    var color = fg.a < 1 ? over(fg, behind) : fg;
    var cr = ratio(color, behind);
    out.contrastChecked++;
    var bold = parseInt(t.style.fontWeight, 10) >= 700;
    var large = t.size >= 24 || (bold && t.size >= 18.66);
    var need = large ? 3 : 4.5;
    var what = describe(t.el);
    if (cr < out.minContrast.ratio) out.minContrast = { ratio: Math.round(cr * 100) / 100, what: what };
    if (cr < need - 0.005) {
      out.contrast.push({ what: what, ratio: Math.round(cr * 100) / 100, need: need,
                          fg: [color.r, color.g, color.b].map(Math.round),
                          bg: [behind.r, behind.g, behind.b].map(Math.round) });
    }
  });
  // The headline card: lines counted as the distinct tops of its text's
  // line boxes (a line's fragments share a top).
  function lines(el) {
    var tops = [];
    var w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (var n = w.nextNode(); n; n = w.nextNode()) {
      if (!n.nodeValue.trim()) continue;
      range.selectNodeContents(n);
      Array.prototype.forEach.call(range.getClientRects(), function (r) {
        if (r.width < 0.5) return;
        if (!tops.some(function (t) { return Math.abs(t - r.top) < 3; })) tops.push(r.top);
      });
    }
    return tops.length;
  }
  var card = document.querySelector("header .kpi");
  out.headline = card ? { what: describe(card), valueLines: lines(card.querySelector("strong")),
                          cardLines: lines(card) } : null;

  // A heading or a name in the reports' lines breaks only between words,
  // or inside a word wider than the whole line, and there not between two
  // letters or digits unless the piece between a name's seams ("/_.-+")
  // around them is itself wider than the line ("withou|t_any" is split
  // wrongly): each character's line is where its box's top is.
  out.splitWords = [];
  var seams = "/_.-+";
  document.querySelectorAll("h1, h2, .rep > summary > span, table.facts td").forEach(function (h) {
    if (!rendered(h)) return;
    var walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
    var chars = [];
    for (var n = walker.nextNode(); n; n = walker.nextNode()) {
      for (var i = 0; i < n.nodeValue.length; ++i) {
        var r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        var box = r.getBoundingClientRect();
        chars.push({ c: n.nodeValue[i], top: box.top, width: box.width });
      }
    }
    var lineWidth = h.getBoundingClientRect().width;
    function widthOf(list) { return list.reduce(function (a, k) { return a + k.width; }, 0); }
    var word = [];
    function endWord() {
      for (var k = 1; k < word.length; ++k) {
        if (Math.abs(word[k].top - word[k - 1].top) <= 3) continue;
        var ok = false;
        if (widthOf(word) > lineWidth) {
          // Between two letters or digits only inside a piece too wide.
          if (!/[0-9A-Za-z]/.test(word[k - 1].c) || !/[0-9A-Za-z]/.test(word[k].c)) {
            ok = true;
          } else {
            var from = k - 1;
            while (from > 0 && seams.indexOf(word[from - 1].c) < 0) --from;
            var to = k;
            while (to < word.length && seams.indexOf(word[to - 1].c) < 0) ++to;
            ok = widthOf(word.slice(from, to)) > lineWidth;
          }
        }
        if (!ok) {
          out.splitWords.push(describe(h) + " between \"" +
                              word.slice(0, k).map(function (x) { return x.c; }).join("") +
                              "\" and \"" +
                              word.slice(k).map(function (x) { return x.c; }).join("") + "\"");
          break;
        }
      }
      word = [];
    }
    chars.forEach(function (k) {
      if (/\s/.test(k.c)) endWord(); else word.push(k);
    });
    endWord();
  });

  // Every text that is a number, or a number and its unit, on one line.
  out.splitNumbers = [];
  var numberText = /^[\u2212+-]?[0-9][0-9,]*(\.[0-9]+)?\s*(%|×|µs|ms|s)?$/;
  var numbers = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (var t = numbers.nextNode(); t; t = numbers.nextNode()) {
    var text = t.nodeValue.trim();
    if (text.length < 4 || !numberText.test(text) || !rendered(t.parentElement)) continue;
    var whole = document.createRange();
    whole.selectNodeContents(t);
    var lineTops = [];
    Array.prototype.forEach.call(whole.getClientRects(), function (r) {
      if (r.width < 0.5) return;
      if (!lineTops.some(function (top) { return Math.abs(top - r.top) < 3; })) lineTops.push(r.top);
    });
    if (lineTops.length > 1) out.splitNumbers.push(describe(t.parentElement) + ": \"" + text + "\"");
  }

  // The report id of each operator row, whole on one line (wide windows:
  // a row of two lines for a 33-character id doubles the table).
  out.splitIds = [];
  document.querySelectorAll("#ops td.rid").forEach(function (td) {
    if (rendered(td) && lines(td) > 1) out.splitIds.push(describe(td) + ": \"" + td.textContent + "\"");
  });

  // Keep the answer small.
  ["scrollers", "outside", "overlaps", "contrast", "splitWords", "splitNumbers", "splitIds"].forEach(function (k) {
    out[k + "Count"] = out[k].length;
    out[k] = out[k].slice(0, 20);
  });
  return out;
})
