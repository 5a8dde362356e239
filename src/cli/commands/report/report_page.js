// aoe-result report: click a column heading to sort the operator table
// (numbers numerically, names naturally), type in the box to filter it.
// "#sort=<column>" in the address sorts on opening; "#sort=-<column>" sorts
// descending. The page is complete without this script.
(function () {
  "use strict";
  var table = document.getElementById("ops");
  if (!table || !table.tBodies.length) return;
  var body = table.tBodies[0];
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var rows = Array.prototype.slice.call(body.rows);

  function number(text) {
    var v = parseFloat(text.replace(/,/g, "").replace(/[^0-9eE+\-.]+/g, " ").trim());
    return isNaN(v) ? null : v;
  }
  // Natural order: runs of digits compare as numbers ("op2" < "op10").
  function parts(text) {
    return text.toLowerCase().match(/\d+|\D+/g) || [];
  }
  function natural(a, b) {
    for (var i = 0; i < a.length && i < b.length; i++) {
      var x = a[i], y = b[i];
      var dx = /^\d/.test(x), dy = /^\d/.test(y);
      if (dx && dy) {
        var nx = x.replace(/^0+(?=\d)/, ""), ny = y.replace(/^0+(?=\d)/, "");
        if (nx.length !== ny.length) return nx.length - ny.length;
        if (nx !== ny) return nx < ny ? -1 : 1;
      } else if (x !== y) {
        return x < y ? -1 : 1;
      }
    }
    return a.length - b.length;
  }
  function key(row, col, numeric) {
    var text = row.cells[col].textContent;
    return numeric ? number(text) : parts(text);
  }
  function sortBy(name, descending) {
    var col = -1;
    heads.forEach(function (th, i) { if (th.getAttribute("data-key") === name) col = i; });
    if (col < 0) return false;
    var numeric = heads[col].getAttribute("data-type") === "number";
    var keyed = rows.map(function (row, i) { return { row: row, key: key(row, col, numeric), i: i }; });
    keyed.sort(function (a, b) {
      // Rows without a value go last whichever the direction; ties keep page order.
      if (numeric) {
        if (a.key === null || b.key === null) {
          return a.key === b.key ? a.i - b.i : (a.key === null ? 1 : -1);
        }
        var d = a.key - b.key;
        return (descending ? -d : d) || a.i - b.i;
      }
      var c = natural(a.key, b.key);
      return (descending ? -c : c) || a.i - b.i;
    });
    var frag = document.createDocumentFragment();
    keyed.forEach(function (k) { frag.appendChild(k.row); });
    body.appendChild(frag);
    heads.forEach(function (th, i) {
      if (i === col) th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      else th.removeAttribute("aria-sort");
    });
    table.setAttribute("data-sorted", (descending ? "-" : "") + name);
    return true;
  }
  function fromHash() {
    var m = /(?:^#|&)sort=(-?)([\w-]+)/.exec(window.location.hash);
    if (m) sortBy(m[2], m[1] === "-");
  }

  heads.forEach(function (th) {
    var name = th.getAttribute("data-key");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "sort";
    while (th.firstChild) button.appendChild(th.firstChild);
    th.appendChild(button);
    button.addEventListener("click", function () {
      var now = th.getAttribute("aria-sort");
      // First click: numbers largest first, names A to Z; then reversed.
      var descending = now ? now === "ascending" : th.getAttribute("data-type") === "number";
      sortBy(name, descending);
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "#sort=" + (descending ? "-" : "") + name);
      }
    });
  });

  var box = document.getElementById("filter");
  var count = document.getElementById("shown");
  if (box) {
    box.hidden = false;
    var input = box.querySelector("input");
    input.addEventListener("input", function () {
      var q = input.value.trim().toLowerCase();
      var shown = 0;
      rows.forEach(function (row) {
        var hit = !q || row.textContent.toLowerCase().indexOf(q) >= 0;
        row.hidden = !hit;
        if (hit) shown++;
      });
      if (count) count.textContent = q ? shown + " of " + rows.length + " rows match" : "";
    });
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
