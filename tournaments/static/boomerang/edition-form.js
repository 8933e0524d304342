// The drafting edition's card-by-card form (pages/edition_cards_form.html): the checks of docs/deck.md that
// need no server, run as one types (the deck's size and so many of each number, as the page gives them from
// games/; each letter once; every card in one of the regions), and the score sheet's preview (each region with
// its cards). The server runs every check on save.
(function () {
  "use strict";
  const form = document.querySelector("[data-card-checks]")?.closest("form");
  const status = document.getElementById("card-checks");
  const preview = document.getElementById("sheet-preview");
  if (!form || !status || !preview) return;
  const say = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
  const deck = { total: Number(status.dataset.cards), numbers: Number(status.dataset.numbers), each: Number(status.dataset.each) };

  function cards() {
    return [...form.querySelectorAll(".card-row")].map((row, i) => ({
      row: i + 1,
      letter: row.querySelector("[name$='-id']").value.trim(),
      number: row.querySelector("[data-check=number]").value.trim(),
      region: row.querySelector("[data-check=region]"),
      symbols: [...row.querySelectorAll("[list^='symbols-']")].map((input) => [input.name.split("-").pop(), input.value.trim()]),
    })).filter((card) => card.letter || card.number || card.region.value.trim() || card.symbols.some(([, v]) => v));
  }

  function regions() {
    return [...form.querySelectorAll("[data-check=region-name]")].map((input) => ({
      name: input.value.trim(),
      bonus: input.closest(".inline-form").querySelector("[name$='-bonus']").value.trim(),
    })).filter((region) => region.name);
  }

  function check() {
    const typed = cards(), named = regions(), faults = [say(status.dataset.count, { n: typed.length, total: deck.total })];
    const byNumber = {}, byLetter = {};
    typed.forEach((card) => {
      byNumber[card.number] = (byNumber[card.number] || 0) + 1;
      byLetter[card.letter] = (byLetter[card.letter] || 0) + 1;
    });
    for (let number = 1; number <= deck.numbers; number++) {
      const n = byNumber[number] || 0;
      if (n > deck.each || (typed.length === deck.total && n !== deck.each)) faults.push(say(status.dataset.number, { number, n, each: deck.each }));
    }
    Object.entries(byLetter).forEach(([letter, n]) => {
      if (letter && n > 1) faults.push(say(status.dataset.letter, { letter, n }));
    });
    const names = new Set(named.map((region) => region.name));
    typed.forEach((card) => {
      const region = card.region.value.trim(), unknown = named.length > 0 && region !== "" && !names.has(region);
      card.region.setAttribute("aria-invalid", unknown ? "true" : "false");
      if (unknown) faults.push(say(status.dataset.region, { card: card.letter || card.row, region }));
    });
    const totals = JSON.parse(status.dataset.totals || "{}");
    Object.entries(totals).forEach(([key, expectedBySymbol]) => {
      Object.entries(expectedBySymbol).forEach(([symbol, expected]) => {
        const n = typed.filter((card) => card.symbols.some(([k, v]) => k === key && v === symbol)).length;
        if (n > expected || (typed.length === deck.total && n !== expected)) faults.push(say(status.dataset.total, { symbol, n, expected }));
      });
    });
    const complete = typed.length === deck.total && faults.length === 1;
    status.textContent = complete ? say(status.dataset.ok, deck) : faults.join(" · ");
    const lines = named.map((region) => {
      const members = typed.filter((card) => card.region.value.trim() === region.name).map((card) => card.letter);
      return `${region.name} (+${region.bonus}): ${members.join(", ")}`;
    });
    const paths = form.querySelector("[name=paths]");
    if (paths) {
      const listed = (name) => form.querySelector(`[name=${name}]`).value.split(/[,;]/).map((s) => s.trim()).filter(Boolean);
      lines.push(say(status.dataset.map, { paths: listed("paths").length, east: listed("east_coast").join(", "), west: listed("west_coast").join(", ") }));
    }
    preview.replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
  }

  form.addEventListener("input", check);
  check();
})();
