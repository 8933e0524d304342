// The hunt's card-by-card form (pages/edition_hunt_form.html): the checks of games/hunt.py that need no server,
// run as one types (the game's cards, as many as the page gives; each species as many times as counted above;
// two different territories a card, each a name typed above), and the lists the card fields offer kept to the
// names typed. The server runs every check on save.
(function () {
  "use strict";
  const fieldset = document.querySelector("[data-hunt-checks]");
  const status = document.getElementById("hunt-checks");
  if (!fieldset || !status) return;
  const form = fieldset.closest("form");
  const say = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
  const total = Number(status.dataset.cards);
  const typed = (selector) => [...form.querySelectorAll(selector)].map((input) => input.value.trim()).filter(Boolean);

  function offer(id, names) {
    document.getElementById(id).replaceChildren(...names.map((name) => Object.assign(document.createElement("option"), { value: name })));
  }

  function check() {
    const species = {}, territories = typed("[data-check=territory-name]");
    form.querySelectorAll("[data-check=species-name]").forEach((input) => {
      const count = input.closest(".inline-form").querySelector("[data-check=species-count]").value.trim();
      if (input.value.trim()) species[input.value.trim()] = Number(count) || 0;
    });
    offer("hunt-species", Object.keys(species));
    offer("hunt-territories", territories);
    const rows = [...fieldset.querySelectorAll(".hunt-card")].map((row, i) => ({ row, card: i + 1, fields: [...row.querySelectorAll("input")] }))
      .filter(({ fields }) => fields.some((input) => input.value.trim()));
    const faults = [say(status.dataset.count, { n: rows.length, total })], seen = {};
    rows.forEach(({ card, fields: [animal, first, second] }) => {
      seen[animal.value.trim()] = (seen[animal.value.trim()] || 0) + 1;
      const twice = first.value.trim() !== "" && first.value.trim() === second.value.trim();
      if (twice) faults.push(say(status.dataset.twice, { card }));
      [[animal, Object.keys(species)], [first, territories], [second, territories]].forEach(([input, names]) => {
        const unknown = input.value.trim() !== "" && names.length > 0 && !names.includes(input.value.trim());
        input.setAttribute("aria-invalid", unknown || (twice && input !== animal) ? "true" : "false");
        if (unknown) faults.push(say(status.dataset.unknown, { card, name: input.value.trim() }));
      });
    });
    Object.entries(species).forEach(([name, expected]) => {
      const n = seen[name] || 0;
      if (n > expected || (rows.length === total && n !== expected)) faults.push(say(status.dataset.species, { species: name, n, expected }));
    });
    status.textContent = rows.length === total && faults.length === 1 ? say(status.dataset.ok, { total }) : faults.join(" · ");
  }

  form.addEventListener("input", check);
  check();
})();
