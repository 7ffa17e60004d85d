// Search for the search page of blog's default theme: reads the index that `blog build` writes (a manifest,
// then only the word shards of the query's words, then the document shards of the results shown). The rules
// for words, stems and ranking are those of Sources/BlogCore/Search/ in blog; a change there is a change here.
(function () {
  "use strict";
  var form = document.querySelector("form[data-search-index]");
  if (!form || !window.fetch || !String.prototype.normalize) return;
  var input = form.querySelector("input[name=q]");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  var more = document.getElementById("search-more");
  var perPage = 5;
  var months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December"];
  // What the page fetched, in order, and the last results: for tests and for the curious.
  var exposed = { fetched: [], results: [] };
  window.blogSearch = exposed;
  var cache = new Map();

  function load(url) {
    if (!cache.has(url)) {
      exposed.fetched.push(url);
      cache.set(url, fetch(url).then(function (response) {
        if (!response.ok) throw new Error(url + ": " + response.status);
        return response.json();
      }));
    }
    return cache.get(url);
  }

  // Words: SearchWords.swift.
  var wordScalar = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}\p{M}]/u;
  function isIdeographic(c) {
    return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) ||
      (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x20000 && c <= 0x2ffff);
  }
  function fold(word) {
    return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/ς/g, "σ");
  }
  function terms(text) {
    var found = [], word = "", ascii = true, previous = null, run = 0;
    function endWord() {
      if (word) {
        var folded = ascii ? word : fold(word);
        if (folded) found.push(folded);
      }
      word = "";
      ascii = true;
    }
    function endRun() {
      if (run === 1) found.push(previous);
      previous = null;
      run = 0;
    }
    for (var character of text) {
      var c = character.codePointAt(0);
      if (c < 0x80) {
        endRun();
        if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) word += character;
        else if (c >= 0x41 && c <= 0x5a) word += character.toLowerCase();
        else endWord();
      } else if (isIdeographic(c)) {
        endWord();
        if (previous !== null) found.push(previous + character);
        previous = character;
        run += 1;
      } else if (wordScalar.test(character)) {
        endRun();
        word += character;
        ascii = false;
      } else {
        endRun();
        endWord();
      }
    }
    endRun();
    endWord();
    return found;
  }

  // Stems: SearchStemmer.swift, step 1 of Porter's algorithm.
  function isConsonant(w, i) {
    var l = w[i];
    if ("aeiou".indexOf(l) >= 0) return false;
    if (l === "y") return i === 0 || !isConsonant(w, i - 1);
    return true;
  }
  function hasVowel(w) {
    for (var i = 0; i < w.length; i++) if (!isConsonant(w, i)) return true;
    return false;
  }
  function measure(w) {
    var count = 0, previousIsVowel = false;
    for (var i = 0; i < w.length; i++) {
      var isVowel = !isConsonant(w, i);
      if (!isVowel && previousIsVowel) count += 1;
      previousIsVowel = isVowel;
    }
    return count;
  }
  function ends(w, suffix) { return w.length > suffix.length && w.slice(-suffix.length) === suffix; }
  function stem(word) {
    if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
    var w = word;
    if (ends(w, "sses") || ends(w, "ies")) w = w.slice(0, -2);
    else if (!ends(w, "ss") && w[w.length - 1] === "s") w = w.slice(0, -1);
    if (ends(w, "eed")) {
      if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
    } else {
      var suffix = ends(w, "ed") ? 2 : ends(w, "ing") ? 3 : 0;
      if (suffix > 0 && hasVowel(w.slice(0, -suffix))) {
        w = w.slice(0, -suffix);
        var n = w.length;
        if (ends(w, "at") || ends(w, "bl") || ends(w, "iz")) w += "e";
        else if (n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1) && "lsz".indexOf(w[n - 1]) < 0) w = w.slice(0, -1);
        else if (measure(w) === 1 && n >= 3 && isConsonant(w, n - 1) && !isConsonant(w, n - 2) && isConsonant(w, n - 3) &&
          "wxy".indexOf(w[n - 1]) < 0) w += "e";
      }
    }
    if (w[w.length - 1] === "y" && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + "i";
    return w;
  }

  // Queries and ranking: SearchQuery.swift.
  function parse(text, stems) {
    var found = terms(text);
    var typing = text.length > 0 && !/\s$/u.test(text);
    return found.map(function (term, index) {
      var long = Array.from(term).length >= 2 || isIdeographic(term.codePointAt(0));
      return { exact: stems ? stem(term) : term, prefix: index === found.length - 1 && typing && long ? term : null };
    });
  }
  function matches(word, term) {
    return term === word.exact || (word.prefix !== null && term.startsWith(word.prefix));
  }
  function shardOf(keys, term) {
    var found = -1;
    for (var i = 0; i < keys.length; i++) if (keys[i][0] <= term) found = i;
    return found;
  }
  function shardsFor(manifest, word) {
    var keys = manifest.shards, first = word.prefix !== null ? word.prefix : word.exact;
    var start = shardOf(keys, first);
    if (start < 0) return [];
    var found = new Set([start]);
    var exact = shardOf(keys, word.exact);
    if (exact >= 0) found.add(exact);
    if (word.prefix !== null) {
      for (var next = start + 1; next < keys.length && keys[next][0].startsWith(word.prefix); next++) found.add(next);
    }
    return Array.from(found).sort(function (a, b) { return a - b; });
  }
  var alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
  function postings(text) {
    var values = [], value = 0, shift = 0;
    for (var i = 0; i < text.length; i++) {
      var digit = alphabet.indexOf(text[i]);
      value += (digit & 31) * Math.pow(2, shift);
      if (digit >= 32) shift += 5;
      else { values.push(value); value = 0; shift = 0; }
    }
    var result = [], doc = 0;
    for (var j = 0; j + 2 < values.length; j += 3) {
      doc += values[j];
      result.push([doc, values[j + 1], values[j + 2]]);
    }
    return result;
  }
  function score(count, quantized, frequency, documents, average) {
    var idf = Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
    var length = Math.pow(2, quantized / 4) - 1;
    return idf * count * 2.2 / (count + 1.2 * (1 - 0.75 + 0.75 * length / average));
  }
  function rank(manifest, words, shards) {
    var total = null;
    words.forEach(function (word, position) {
      var best = new Map();
      shards[position].forEach(function (shard) {
        Object.keys(shard).forEach(function (term) {
          if (!matches(word, term)) return;
          var list = postings(shard[term]);
          list.forEach(function (p) {
            var s = score(p[1], p[2], list.length, manifest.documents, manifest.average_length);
            best.set(p[0], Math.max(best.get(p[0]) || 0, s));
          });
        });
      });
      if (total === null) { total = best; return; }
      var both = new Map();
      total.forEach(function (s, doc) { if (best.has(doc)) both.set(doc, s + best.get(doc)); });
      total = both;
    });
    return Array.from(total || new Map()).sort(function (a, b) { return a[1] !== b[1] ? b[1] - a[1] : b[0] - a[0]; })
      .map(function (entry) { return entry[0]; });
  }

  // Showing results.
  function marked(text, words, limit) {
    var pieces = [], first = -1, pattern = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}\p{M}]+/gu, last = 0, match;
    while ((match = pattern.exec(text)) !== null) {
      var token = fold(match[0]), hit;
      if (isIdeographic(match[0].codePointAt(0))) {
        hit = words.some(function (word) { return token.indexOf(word.prefix || word.exact) >= 0; });
      } else {
        var term = manifestStems ? stem(token) : token;
        hit = words.some(function (word) { return matches(word, term) || (word.prefix !== null && token.startsWith(word.prefix)); });
      }
      if (!hit) continue;
      if (first < 0) first = match.index;
      pieces.push([last, match.index, false], [match.index, match.index + match[0].length, true]);
      last = match.index + match[0].length;
    }
    pieces.push([last, text.length, false]);
    var start = limit && first > limit / 2 ? first - Math.floor(limit / 3) : 0;
    var end = limit ? start + limit : text.length;
    var fragment = document.createDocumentFragment();
    if (start > 0) fragment.append("…");
    pieces.forEach(function (piece) {
      var from = Math.max(piece[0], start), to = Math.min(piece[1], end);
      if (from >= to) return;
      var part = text.slice(from, to);
      if (piece[2]) {
        var mark = document.createElement("mark");
        mark.textContent = part;
        fragment.append(mark);
      } else {
        fragment.append(part);
      }
    });
    if (end < text.length) fragment.append("…");
    return fragment;
  }
  function shownDate(date) {
    var parts = date.split("-");
    if (parts.length !== 3) return date;
    return Number(parts[2]) + " " + months[Number(parts[1]) - 1] + " " + parts[0];
  }
  function item(documentEntry, words) {
    var li = document.createElement("li");
    var link = document.createElement("a");
    link.href = documentEntry.url;
    link.append(marked(documentEntry.title, words, 0));
    li.append(link);
    if (documentEntry.date) {
      var time = document.createElement("time");
      time.dateTime = documentEntry.date;
      time.textContent = shownDate(documentEntry.date);
      li.append(" ", time);
    }
    var snippet = document.createElement("p");
    snippet.append(marked(documentEntry.text, words, 180));
    li.append(snippet);
    return li;
  }

  var manifestStems = false, generation = 0, current = null;
  function documentsOf(manifest, ids) {
    return Promise.all(ids.map(function (id) {
      var number = Math.floor(id / manifest.documents_per_shard);
      return load(manifest.documents_url + number + ".json").then(function (shard) {
        return shard[id % manifest.documents_per_shard];
      });
    }));
  }
  function showMore() {
    if (!current) return;
    var state = current, ids = state.ids.slice(state.shown, state.shown + perPage);
    state.shown += ids.length;
    return documentsOf(state.manifest, ids).then(function (entries) {
      if (state !== current) return;
      entries.forEach(function (entry) { list.append(item(entry, state.words)); });
      more.hidden = state.shown >= state.ids.length;
    });
  }
  function run(text) {
    var mine = ++generation;
    return load(form.dataset.searchIndex).then(function (manifest) {
      manifestStems = manifest.stems;
      var words = parse(text, manifest.stems);
      if (words.length === 0) return { manifest: manifest, words: words, ids: [] };
      var needed = words.map(function (word) { return shardsFor(manifest, word); });
      return Promise.all(needed.map(function (numbers) {
        return Promise.all(numbers.map(function (number) {
          return load(manifest.words_url + manifest.shards[number][1] + ".json");
        }));
      })).then(function (shards) { return { manifest: manifest, words: words, ids: rank(manifest, words, shards) }; });
    }).then(function (found) {
      if (mine !== generation) return;
      exposed.results = found.ids;
      current = { manifest: found.manifest, words: found.words, ids: found.ids, shown: 0 };
      list.replaceChildren();
      more.hidden = true;
      status.textContent = found.words.length === 0 ? "" : found.ids.length === 0 ? "No results." :
        found.ids.length === 1 ? "1 result." : found.ids.length + " results.";
      return showMore();
    }).catch(function (error) {
      if (mine === generation) status.textContent = "Search is not available: " + error.message;
    });
  }

  var timer = null;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var url = new URL(window.location.href);
      if (input.value) url.searchParams.set("q", input.value); else url.searchParams.delete("q");
      history.replaceState(null, "", url);
      exposed.done = run(input.value);
    }, 120);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    exposed.done = run(input.value);
  });
  more.addEventListener("click", function () { showMore(); });
  // Arrow keys move between the input and the results' links; Escape goes back to the input.
  form.parentNode.addEventListener("keydown", function (event) {
    var links = Array.from(list.querySelectorAll("a"));
    var at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && (document.activeElement === input || at >= 0)) {
      var next = links[at + 1];
      if (next) { next.focus(); event.preventDefault(); }
    } else if (event.key === "ArrowUp" && at >= 0) {
      (at === 0 ? input : links[at - 1]).focus();
      event.preventDefault();
    } else if (event.key === "Escape" && at >= 0) {
      input.focus();
      event.preventDefault();
    }
  });
  // The word rules, for tests that hold them against the engine's.
  exposed.terms = terms;
  exposed.stem = stem;
  var initial = new URLSearchParams(window.location.search).get("q");
  if (initial) {
    input.value = initial;
    exposed.done = run(initial);
  }
})();
