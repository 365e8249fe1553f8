// cardlab widgets: one self-contained ES module for every widget (anywidget loads it from a
// blob: URL, so it cannot import siblings). It only draws the view Python publishes and sends
// intents with model.send({type: ...}); it holds no rules and never sets game state.

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

// -- small DOM helpers -------------------------------------------------------------------------
function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function button(cls, label, onclick, attrs) {
  return h("button", { type: "button", class: "cardlab-button " + cls, onclick, ...(attrs || {}) },
    label);
}

// a seat or position by the name its hand goes by (Five Hundred's ghost hands are G1, G2:
// positions past the seats), else by the game's seat names
function seatName(view, seat) {
  if (seat === null || seat === undefined) return "";
  const hand = (view.hands || []).find((x) => x && x.seat === seat);
  if (hand && hand.name) return String(hand.name);
  const names = view.seat_names || [];
  return names[seat] ?? String(seat);
}

// -- cards ---------------------------------------------------------------------------------------
// The faces of the pack, as Python drew them with cardlab.render (the same faces as a saved
// picture): code -> {svg, pip, index, ink}, from the widget's _card_faces trait. Set while one
// widget draws (drawing is synchronous); a widget without faces gets its rank and suit written.
let FACES = null;
const parsedFaces = new WeakMap(); // faces table -> Map(code + part -> parsed <svg>)

function svgPart(code, part) {
  let known = parsedFaces.get(FACES);
  if (!known) { known = new Map(); parsedFaces.set(FACES, known); }
  const key = part + ":" + code;
  let node = known.get(key);
  if (!node) {
    const t = document.createElement("template");
    t.innerHTML = FACES[code][part];
    node = t.content.firstElementChild;
    known.set(key, node);
  }
  return node.cloneNode(true);
}

function face(info, code) {
  const d = info || { rank: code, sym: "", suit: "", system: "" };
  const f = FACES && FACES[code];
  const rank = f ? f.index : String(d.rank || "");
  // the index (rank over suit mark): what a small card, or a projector's, shows
  const index = h("span", { class: "cardlab-index", "aria-hidden": "true" },
    h("span", { class: "cardlab-rank", "data-len": String(rank.length) }, rank),
    f ? h("span", { class: "cardlab-sym" }, svgPart(code, "pip")) : h("span", { class: "cardlab-sym" }, d.sym));
  if (!f) return [index];
  index.style.color = f.ink;
  // the whole face, as in every picture
  return [h("span", { class: "cardlab-face", "aria-hidden": "true" }, svgPart(code, "svg")), index];
}

function cardAttrs(code, d) {
  return {
    "data-card": code,
    "data-face": FACES && FACES[code] ? "svg" : "text",
    "data-suit": d ? d.suit : "",
    "data-system": d ? d.system : "",
    "aria-label": d ? d.label : code,
    title: d ? d.label : code,
  };
}

// an interactive card: a button with its full name (and legality) in aria-label
// a tap (touch) first previews a card and its reason; a second tap on it acts. A mouse
// click acts at once.
let lastPointer = "mouse";
let previewed = null;

// the why line: the card's full name and, for a card the viewer could act with now, why it is
// legal or not (an illegal card's label already says why)
function whyText(d, code) {
  if (!d) return code;
  const label = d.label || code;
  return d.legal === true && d.reason ? `${label}: ${d.reason}` : label;
}

function showWhy(node) {
  const root = node.closest(".cardlab-table");
  const why = root && root.querySelector(".cardlab-why");
  if (why) why.textContent = node.cardlabWhy || node.getAttribute("aria-label") || "";
}

// what the why line says when no card is pointed at or focused (the hint's sentence, or
// nothing): a name that stayed after the pointer left read as a stray line under the table
function restWhy(node) {
  // a touch leaves the card at once: the first tap's preview stays until the next touch
  if (lastPointer === "touch" && node.getAttribute("data-previewed") === "true") return;
  const root = node.closest(".cardlab-table");
  const why = root && root.querySelector(".cardlab-why");
  if (why) why.textContent = why.cardlabRest || "";
}

function cardButton(code, d, onclick, extra) {
  const legal = d && d.legal !== undefined && d.legal !== null ? String(!!d.legal) : "none";
  const act = (e) => {
    if (lastPointer === "touch" && previewed !== code) {
      previewed = code;
      showWhy(e.currentTarget);
      e.currentTarget.setAttribute("data-previewed", "true");
      return;
    }
    previewed = null;
    onclick(e);
  };
  const node = h("button", {
    type: "button", class: "cardlab-card", "data-key": "card:" + code, "data-legal": legal,
    onclick: act, ...cardAttrs(code, d), ...(extra || {}),
  }, face(d, code));
  node.cardlabWhy = whyText(d, code);
  node.addEventListener("pointerdown", (e) => { lastPointer = e.pointerType || "mouse"; });
  node.addEventListener("focus", () => showWhy(node));
  node.addEventListener("mouseenter", () => showWhy(node));
  node.addEventListener("mouseleave", () => restWhy(node));
  node.addEventListener("blur", () => restWhy(node));
  if (legal === "false") {
    node.append(h("span", { class: "cardlab-mark", "aria-hidden": "true" }, "✕"));
  }
  return node;
}

// a card that is only shown (trick, kitty, ladders): focusable, read as one picture
function cardShown(code, d, extra) {
  return h("span", {
    class: "cardlab-card cardlab-shown", role: "img", tabindex: "-1", ...cardAttrs(code, d),
    ...(extra || {}),
  }, face(d, code));
}

function backs(count, label) {
  // a short fan of backs and the count beside it: a long fan would not fit a side seat
  // of a narrow table (420 px), and the number says how many there are
  const n = Math.max(0, Math.min(Number(count) || 0, 5));
  const row = h("span", { class: "cardlab-backs", role: "img", "aria-label": label, title: label });
  for (let i = 0; i < n; i++) row.append(h("span", { class: "cardlab-back", "aria-hidden": "true" }));
  row.append(h("span", { class: "cardlab-count", "aria-hidden": "true" }, String(count)));
  return row;
}

// -- the table ---------------------------------------------------------------------------------
function drawHand(view, hand, send) {
  const name = seatName(view, hand.seat);
  const info = view.card_info || {};
  // the hand whose cards are played now: the mover's, or a ghost partner's it plays from
  const mover = (view.playing ?? view.to_move) === hand.seat;
  const box = h("div", {
    class: "cardlab-seat", "data-seat": hand.seat, "data-place": (view.places || [])[hand.seat],
    "data-mover": String(mover), "data-active": String(hand.active !== false),
  });
  const marks = [];
  if (view.dealer === hand.seat) marks.push("dealer");
  if (view.declarer === hand.seat) marks.push("declarer");
  if (mover) marks.push("to move");
  if (hand.active === false) marks.push("sitting out");
  // the seat's last call while the auction goes on, said where the seat sits
  const called = (view.seat_calls || {})[String(hand.seat)];
  // the seat is a named group: its name and marks (and its last call) said on entering it
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", [name, ...marks, ...(called ? [`called ${called}`] : [])].join(", "));
  box.append(h("div", { class: "cardlab-seat-name", "data-label": name }, name,
    marks.length ? h("span", { class: "cardlab-seat-marks" }, " · " + marks.join(" · ")) : null,
    called ? h("span", { class: "cardlab-seat-call", "data-seat-call": called }, called) : null));
  const piles = Array.isArray(view.piles) ? view.piles[hand.seat] : null;
  const inPiles = new Set();
  if (Array.isArray(piles) && piles.some((p) => p && (p.up || p.down))) {
    // piles (Officer Skat): a face-down card under a face-up one; playable cards are buttons
    const row = h("div", { class: "cardlab-piles cardlab-cards", role: "group", "aria-label": `${name}'s piles` });
    const held = new Set(Array.isArray(hand.cards) ? hand.cards : []);
    piles.forEach((p, i) => {
      if (!p || (!p.up && !p.down)) return;
      const pile = h("div", { class: "cardlab-pile", "data-pile": i });
      for (const key of ["down", "up"]) {
        const code = p[key];
        if (!code) continue;
        if (code === "hidden") pile.append(h("span", { class: "cardlab-back", role: "img", "aria-label": "face-down card", "data-pile-part": key }));
        else if (held.has(code)) {
          inPiles.add(code);
          pile.append(cardButton(code, info[code], () => send({ type: "play", card: code }), { "data-pile-part": key }));
        } else pile.append(cardShown(code, info[code], { "data-pile-part": key }));
      }
      row.append(pile);
    });
    box.append(row);
  }
  if (Array.isArray(hand.cards)) {
    const cards = h("div", {
      class: "cardlab-hand cardlab-cards", role: "group",
      "aria-label": `${name}'s hand, ${hand.cards.length} cards` + (mover ? ", to move" : ""),
      "data-mover": String(mover),
    });
    for (const code of hand.cards) {
      if (inPiles.has(code)) continue;
      cards.append(cardButton(code, info[code], () => send({ type: "play", card: code }), {
        "data-selected": String((view.selection || []).includes(code)),
        // a card taken from the kitty, marked until the discard (and said in its name)
        ...((view.from_kitty || []).includes(code) ? {
          "data-from-kitty": "true", "aria-label": `${(info[code] || {}).label || code}, from the kitty`,
        } : {}),
      }));
    }
    if (cards.childElementCount || !inPiles.size) box.append(cards);
  } else if (!inPiles.size && !(Array.isArray(piles) && piles.length)) {
    box.append(backs(hand.count, `${name}: ${hand.count} face-down card${hand.count === 1 ? "" : "s"}`));
  }
  return box;
}

function drawTrumpStrip(view) {
  // the trumps high to low (trump_order), played ones greyed: the order is read off the table
  const strip = view.trump_strip || [];
  if (!strip.length) return null;
  const row = h("div", { class: "cardlab-trump-strip", role: "group", "aria-label": "trumps, high to low" },
    h("span", { class: "cardlab-extra-label", "data-label": "trumps" }, "trumps, high to low: "));
  for (const t of strip) {
    row.append(cardShown(t.card, t.face, { "data-small": "true", "data-played": String(!!t.played) }));
  }
  return row;
}

function drawMiddle(view) {
  const info = view.card_info || {};
  const mid = h("div", { class: "cardlab-middle", "data-place": "middle" });
  const strip = drawTrumpStrip(view);
  if (strip) mid.append(strip);
  if (view.trick_suit && (view.trick || []).length) {
    const led = (info[(view.trick[0] || {}).card] || {});
    mid.append(h("div", { class: "cardlab-led", "data-label": "led" },
      "led: " + (view.led_words || led.sym || view.trick_suit)));
  }
  const trick = h("div", { class: "cardlab-trick", role: "group", "aria-label": "the trick" });
  for (const play of view.trick || []) {
    trick.append(h("div", { class: "cardlab-play", "data-seat": play.seat },
      h("span", { class: "cardlab-play-seat", "data-label": seatName(view, play.seat) }, seatName(view, play.seat)),
      cardShown(play.card, info[play.card]),
      play.note ? h("span", { class: "cardlab-note" }, play.note) : null));
  }
  if (!(view.trick || []).length) trick.append(h("span", { class: "cardlab-empty" }, "no cards in the trick"));
  mid.append(trick);
  for (const extra of view.extras || []) {
    const row = h("div", { class: "cardlab-extra", role: "group", "aria-label": extra.label });
    row.append(h("span", { class: "cardlab-extra-label", "data-label": extra.label }, extra.label + ": "));
    if (Array.isArray(extra.cards)) {
      for (const code of extra.cards) row.append(cardShown(code, info[code]));
      if (!extra.cards.length) row.append(h("span", { class: "cardlab-empty" }, "none"));
    } else {
      row.append(backs(extra.count, `${extra.label}: ${extra.count} face-down card${extra.count === 1 ? "" : "s"}`));
    }
    mid.append(row);
  }
  const last = view.last_trick;
  if (last && Array.isArray(last.plays) && last.plays.length) {
    const row = h("div", { class: "cardlab-last-trick", role: "group", "aria-label": `last trick, won by ${seatName(view, last.winner)}` },
      h("span", { class: "cardlab-extra-label", "data-label": "last trick" }, `last trick (won by ${seatName(view, last.winner)}): `));
    for (const play of last.plays) {
      // each seat's name stays with its card: the row wraps between plays, never inside one
      row.append(h("span", { class: "cardlab-last-play", "data-seat": play.seat },
        h("span", { class: "cardlab-play-seat", "data-label": seatName(view, play.seat) }, seatName(view, play.seat)),
        cardShown(play.card, info[play.card], { "data-small": "true" })));
    }
    mid.append(row);
  }
  return mid;
}

function drawFacts(view) {
  if (Array.isArray(view.facts_words)) return h("div", { class: "cardlab-facts" }, view.facts_words.join(" · "));
  const facts = [];
  if (view.contract) facts.push(`contract ${view.contract}` + (view.declarer !== null && view.declarer !== undefined ? ` by ${seatName(view, view.declarer)}` : ""));
  if (view.trump) facts.push(`trump ${view.trump}`);
  const won = view.tricks_won || {};
  if (Object.keys(won).length) facts.push("tricks " + Object.entries(won).map(([k, v]) => `${k} ${v}`).join(", "));
  const scores = view.scores || {};
  if (Object.keys(scores).length) facts.push("score " + Object.entries(scores).map(([k, v]) => `${k} ${v}`).join(", "));
  if (view.chips && view.chips.pot !== undefined) facts.push(`pot ${view.chips.pot}`);
  return h("div", { class: "cardlab-facts" }, facts.join(" · "));
}

function drawControls(view, send) {
  const last = view.steps || 0;
  const step = view.step || 0;
  const go = (to) => send({ type: "step", to });
  const slider = h("input", {
    type: "range", class: "cardlab-slider", min: 0, max: last, value: step, "data-key": "slider",
    "aria-label": "step through the deal", "aria-valuetext": `step ${step} of ${last}`,
    onchange: (e) => go(Number(e.target.value)),
  });
  return h("div", { class: "cardlab-controls", role: "toolbar", "aria-label": "step through the deal" },
    button("cardlab-step-first", "« first", () => go(0), { "data-key": "step:first", disabled: step === 0, "aria-label": "first step" }),
    button("cardlab-step-back", "‹ back", () => send({ type: "step", by: -1 }), { "data-key": "step:back", disabled: step === 0, "aria-label": "step back" }),
    button("cardlab-step-forward", "forward ›", () => send({ type: "step", by: 1 }), { "data-key": "step:forward", disabled: step >= last, "aria-label": "step forward" }),
    button("cardlab-step-last", "last »", () => go(last), { "data-key": "step:last", disabled: step >= last, "aria-label": "last step" }),
    slider,
    h("span", { class: "cardlab-step-label" }, `step ${step} / ${last}`));
}

// -- hint and look back ------------------------------------------------------------------------
// the hint's bars: one per valued option, on its card (the mover's hand or piles) or call
// button; the Confirm button of the cards chosen carries the bar of exactly that choice (an
// exchange of those cards); the longest bar is the best option
function drawHintBars(view, parts) {
  const hint = view.hint;
  if (!hint) return;
  const unit = hint.unit || "points";
  const mover = '.cardlab-seat[data-mover="true"] .cardlab-card';
  // each bar on the game's own scale: a zero line, the bar from zero to the value, and the
  // 95% interval as a whisker; the words (value and interval) in its title and label
  const pct = (x) => `${(100 * Math.max(0, Math.min(1, x))).toFixed(2)}%`;
  const draw = (target, bar) => {
    target.setAttribute("data-hint", String(bar.value));
    if (bar.best) target.setAttribute("data-hint-best", "true");
    if (bar.close) target.setAttribute("data-hint-close", "true");
    if (hint.chosen && hint.chosen === bar.action) target.setAttribute("data-chosen", "true");
    const from = Math.min(bar.zero, bar.at), to = Math.max(bar.zero, bar.at);
    target.append(h("span", {
      class: "cardlab-hint-bar", "data-hint-bar": String(bar.value), "aria-hidden": "true",
      "data-sign": bar.value < 0 ? "minus" : "plus",
      title: `${bar.words ? bar.words + ": " : ""}${bar.text} ${unit} on average (95%: ${bar.interval})`,
    },
      h("span", { class: "cardlab-hint-fill", style: `left: ${pct(from)}; width: ${pct(to - from)}` }),
      h("span", { class: "cardlab-hint-ci", style: `left: ${pct(bar.low)}; width: ${pct(bar.high - bar.low)}` }),
      h("span", { class: "cardlab-hint-zero", style: `left: ${pct(bar.zero)}` })));
    const label = target.getAttribute("aria-label") || "";
    target.setAttribute("aria-label", `${label}; hint: ${bar.text} ${unit} (95%: ${bar.interval})` +
      (bar.best ? ", best" : bar.close ? ", about equal to the best" : ""));
  };
  for (const bar of hint.bars || []) {
    const target = bar.card
      ? parts.querySelector(`${mover}[data-card="${CSS.escape(bar.card)}"]`)
      : parts.querySelector(`.cardlab-action[data-action="${CSS.escape(bar.action)}"]`);
    if (target) draw(target, bar);
  }
  for (const confirm of parts.querySelectorAll(".cardlab-choice[data-action]")) {
    const bar = (hint.bars || []).find((b) => b.action === confirm.getAttribute("data-action"));
    if (bar) draw(confirm, bar);
  }
  // a look back outlines the cards the learner's choice named (its exchange, its discard)
  for (const card of hint.chosen_cards || []) {
    const target = parts.querySelector(`${mover}[data-card="${CSS.escape(card)}"]`);
    if (target) target.setAttribute("data-chosen", "true");
  }
  const why = parts.querySelector(".cardlab-why");
  if (why && hint.why) why.textContent = hint.why;
}

// a try again outlines the choice made in the deal (its cards, or its call), as the look
// back's answer does: the learner looks for something better
function markChosen(t, parts) {
  const mover = '.cardlab-seat[data-mover="true"] .cardlab-card';
  for (const card of t.chosen_cards || []) {
    const target = parts.querySelector(`${mover}[data-card="${CSS.escape(card)}"]`);
    if (target) target.setAttribute("data-chosen", "true");
  }
  const call = parts.querySelector(`.cardlab-action[data-action="${CSS.escape(t.chosen || "")}"]`);
  if (call) call.setAttribute("data-chosen", "true");
}

// -- open hands: each legal card's value with every hand face up, and the par strip -----------
// a badge in the card's corner (the hint draws bars; the two never look alike), the best
// cards marked; the par strip under the step buttons marks each card play that lost value,
// at its place on the slider, and goes to that step when pressed
function drawOpenHands(view, parts, send) {
  const oh = view.open_hands;
  if (!oh) return;
  for (const [code, d] of Object.entries(oh.cards || {})) {
    for (const target of parts.querySelectorAll(`.cardlab-seat [data-card="${CSS.escape(code)}"]`)) {
      target.setAttribute("data-open-hands", String(d.value));
      if (d.best) target.setAttribute("data-open-hands-best", "true");
      target.append(h("span", {
        class: "cardlab-oh-badge", "aria-hidden": "true",
        title: `open hands: ${d.text} ${oh.unit} for ${oh.side}${d.best ? " (best)" : ""}`,
      }, d.text));
      const label = target.getAttribute("aria-label") || "";
      target.setAttribute("aria-label", `${label}; open hands: ${d.text} ${oh.unit}${d.best ? ", best" : ""}`);
    }
  }
  const box = h("div", { class: "cardlab-open-hands", role: "group", "aria-label": "open hands" });
  // one line of words (the values' meaning, then the strip's), so a projector keeps its height
  box.append(h("div", { class: "cardlab-oh-note", "data-open-hands-note": "" },
    [oh.note, oh.par_note].filter(Boolean).join(" ")));
  if ((oh.par || []).length || oh.par_note) {
    const last = Math.max(1, view.steps || 1);
    const strip = h("div", { class: "cardlab-par-strip", "data-par-strip": "" });
    for (const p of oh.par || []) {
      strip.append(button("cardlab-par-mark", p.text, () => send({ type: "step", to: p.step }), {
        "data-key": "par:" + p.step, "data-par-step": String(p.step), "data-cost": String(p.cost),
        "aria-label": `step ${p.step}: ${p.words}`, title: p.words,
        style: `left: calc(${(100 * p.step / last).toFixed(2)}% - 1.1em)`,
      }));
    }
    box.append(strip);
  }
  const controls = parts.querySelector(".cardlab-controls");
  if (controls) controls.after(box);
  else parts.append(box);
  // the strip stands under the slider, so a mark sits below its step's place on it
  const strip = box.querySelector(".cardlab-par-strip");
  const slider = controls && controls.querySelector(".cardlab-slider");
  if (strip && slider) {
    requestAnimationFrame(() => {
      const s = slider.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      if (!s.width) return;
      strip.style.marginLeft = `${Math.max(0, s.left - b.left)}px`;
      strip.style.width = `${s.width}px`;
    });
  }
}

// The look back's try again, at a decision whose choice had a clear cost: while it is open
// the bars are hidden, a card or a call is a try (drawTable sends it as look_back_try), the
// prompt line says the verdict, and Show me (offered after two wrong tries, there from the
// start) gives the answer; Skip and Next go on to the next costly decision still to try.
function drawTry(t, send) {
  const box = h("div", { class: "cardlab-try", role: "group", "aria-label": "try again", "data-status": t.status });
  const wrong = t.wrong ? `${t.wrong} wrong ${t.wrong === 1 ? "try" : "tries"} so far` : "";
  const words = t.open
    ? (t.offer_show ? `${wrong}: press Show me for the answer, or try again` : wrong || "Find a better option before the answer is shown")
    : t.said + (t.next ? "" : ". That was the last costly decision to try");
  box.append(h("p", { class: "cardlab-try-words", "data-try-words": "" }, words));
  const buttons = h("div", { class: "cardlab-try-buttons" });
  if (t.open) {
    buttons.append(button("cardlab-try-show", "Show me", () => send({ type: "look_back_show" }), {
      "data-key": "try:show", "data-offered": String(!!t.offer_show), title: "show the best option here and every option's bar",
    }));
    if (t.next) {
      buttons.append(button("cardlab-try-skip", "Skip", () => send({ type: "look_back_next" }), {
        "data-key": "try:skip", title: "leave this one for now: on to the next costly decision",
      }));
    }
  } else if (t.next) {
    buttons.append(button("cardlab-try-next", "Next costly decision", () => send({ type: "look_back_next" }), {
      "data-key": "try:next",
    }));
  }
  if (buttons.childElementCount) box.append(buttons);
  return box;
}

function drawLookBack(view, send) {
  const look = view.look_back;
  const box = h("div", { class: "cardlab-look-back", role: "group", "aria-label": "look back at your decisions" },
    h("div", { class: "cardlab-look-back-title", "data-label": "Look back" }, "Look back: your decisions, the costliest first"));
  if (look.try) box.append(drawTry(look.try, send));
  const list = h("ol", { class: "cardlab-look-back-list" });
  for (const row of look.decisions || []) {
    list.append(h("li", { "data-current": String(!!row.current) },
      button("cardlab-look-back-go", row.words, () => send({ type: "look_back_go", i: row.i }), {
        "data-key": "look:" + row.i, "data-cost": String(row.cost), "aria-current": row.current ? "step" : "false",
        "data-try": row.try || null,
      })));
  }
  box.append(list, button("cardlab-look-back-close", "Close the look back", () => send({ type: "look_back_close" }), { "data-key": "look:close" }));
  return box;
}

function drawModes(view, send, model) {
  const row = h("div", { class: "cardlab-modes", role: "group", "aria-label": "help, records and options" });
  if (view.can_hint) {
    row.append(button("cardlab-hint", "Hint", () => send({ type: "hint" }), {
      "data-key": "hint", title: "what each option is worth, estimated over the cards you cannot see",
    }));
  }
  if (view.can_look_back) {
    row.append(button("cardlab-look-back-open", "Look back", () => send({ type: "look_back" }), {
      "data-key": "look:open", title: "your decisions in this deal, with what each cost by the estimate",
    }));
  }
  if (view.mode === "review" && view.phase !== "done") {
    row.append(button("cardlab-play-here", "Play from here", () => send({ type: "play_from_here" }), { "data-key": "mode:play" }));
  }
  if (view.has_record && (view.mode === "play" || view.branched)) {
    row.append(button("cardlab-back-to-record", "Back to the recorded line", () => send({ type: "back_to_record" }), { "data-key": "mode:record" }));
  }
  if (view.mode === "play") {
    row.append(button("cardlab-undo", "Undo", () => send({ type: "undo" }), { "data-key": "undo", disabled: !view.can_undo }));
  }
  row.append(button("cardlab-save", "Save what I see", () => send({ type: "save" }), {
    "data-key": "save", title: "download this deal as you saw it (no hidden card)",
  }));
  row.append(button("cardlab-save-full", "Save full record (reveals every hand)", () => send({ type: "save", full: true }), {
    "data-key": "save:full", disabled: !view.can_save_full,
    title: view.can_save_full ? "download the whole record: every hand, kitty and discard" : "a full record reveals every hand: finish the deal first",
  }));
  const file = h("input", {
    type: "file", accept: ".json,application/json", class: "cardlab-file", "aria-label": "load a record",
    onchange: async (e) => {
      const f = e.target.files && e.target.files[0];
      if (f) send({ type: "load", record: await f.text() });
    },
  });
  row.append(h("label", { class: "cardlab-button cardlab-load", "data-key": "load" }, "Load record", file));
  if (model) {
    const box = h("input", {
      type: "checkbox", class: "cardlab-four-colour-toggle", "data-key": "four",
      onchange: (e) => { model.set("four_colour", !!e.target.checked); model.save_changes(); },
    });
    box.checked = !!model.get("four_colour");
    row.append(h("label", { class: "cardlab-toggle" }, box, " four-colour deck"));
  }
  return row;
}

// a call's meaning on hover, on focus and as a finger touches it, in a line under the
// calls (not the why line above them: a longer line there would move the very button the
// pointer is on)
function showMeaning(node, words) {
  const root = node.closest(".cardlab-table");
  const line = root && root.querySelector(".cardlab-meaning");
  if (line) line.textContent = words;
}

function explainOnPoint(node, words) {
  if (!words) return;
  node.setAttribute("data-meaning", "");
  node.addEventListener("pointerdown", () => showMeaning(node, words));
  node.addEventListener("focus", () => showMeaning(node, words));
  node.addEventListener("mouseenter", () => showMeaning(node, words));
  node.addEventListener("mouseleave", () => showMeaning(node, ""));
  node.addEventListener("blur", () => showMeaning(node, ""));
}

// the rule a refusal applies, behind a "the rule" expander under the refusal's sentence
function drawRule(rule) {
  if (!rule) return null;
  const box = h("details", { class: "cardlab-rule", "data-rule": rule.id });
  // toggled here: the table's own click handling must not swallow the summary's default
  const summary = h("summary", {
    onclick: (e) => { e.preventDefault(); e.stopPropagation(); box.open = !box.open; },
  }, `The rule: ${rule.title}`);
  box.append(summary, h("p", {}, rule.text));
  return box;
}

function drawActions(view, send) {
  const box = h("div", { class: "cardlab-actions", role: "group", "aria-label": "calls" });
  // calls are laid out in the rows of the game's ladder (tricks × suits, contract rows)
  let row = null, rowLabel = null;
  for (const a of view.actions || []) {
    const label = a.row || "";
    if (row === null || label !== rowLabel) {
      row = h("div", { class: "cardlab-action-row", role: "group", "aria-label": label || "calls", "data-row": label });
      if (label) row.append(h("span", { class: "cardlab-row-label", "data-label": label }, label));
      box.append(row);
      rowLabel = label;
    }
    const call = button("cardlab-action", a.text || a.action, () => send({ type: "act", action: a.action }),
      { "data-action": a.action, "data-key": "act:" + a.action, title: a.meaning || a.label,
        "aria-label": a.label, "aria-description": a.meaning || null });
    explainOnPoint(call, a.meaning || "");
    row.append(call);
  }
  const sel = view.selection || [];
  if (sel.length || (view.choices || []).length) {
    const row = h("div", { class: "cardlab-choices", role: "group", "aria-label": "choices" },
      h("span", {}, sel.length + " chosen "));
    for (const c of view.choices || []) {
      row.append(button("cardlab-choice", c.text || c.action, () => send({ type: "act", action: c.action }),
        { "data-action": c.action, "data-key": "choice:" + c.action, title: c.label, "aria-label": c.label }));
    }
    row.append(button("cardlab-clear-selection", "clear", () => send({ type: "clear_selection" }), { "data-key": "clear" }));
    box.append(row);
  }
  // the meaning of the call pointed at, under the calls (explainOnPoint)
  if ((view.actions || []).some((a) => a.meaning)) {
    box.append(h("div", { class: "cardlab-meaning", "data-meaning-line": "", "aria-hidden": "true" }, ""));
  }
  return box;
}

// the teacher's seat bar: each hand face up or down, who plays each seat, the bots' pace,
// and the share code of this table at this step
const SPEEDS = [[0, "at once"], [0.3, "fast"], [0.8, "normal"], [1.5, "slow"], [3, "very slow"]];

function drawSeatBar(view, send) {
  const bar = view.teacher;
  const box = h("div", { class: "cardlab-seatbar", role: "group", "aria-label": "teacher's controls" });
  const seats = h("div", { class: "cardlab-seatbar-seats" });
  for (const s of bar.seats || []) {
    const cell = h("div", { class: "cardlab-seatbar-seat", "data-seat": s.seat },
      h("span", { class: "cardlab-seatbar-name", "data-label": s.name }, s.name));
    cell.append(button("cardlab-show-hand", s.shown ? "hand face up" : "hand face down",
      () => send({ type: "show_hand", seat: s.seat, shown: !s.shown }), {
        "data-key": "show:" + s.seat, "aria-pressed": String(!!s.shown), disabled: !!s.own,
        "aria-label": `${s.name}'s hand: ${s.shown ? "face up, click to turn it face down" : "face down, click to show it"}`,
      }));
    cell.append(button("cardlab-take-seat", s.human ? "you play" : "bot plays",
      () => send({ type: "take_seat", seat: s.seat, human: !s.human }), {
        "data-key": "take:" + s.seat, "aria-pressed": String(!!s.human),
        "aria-label": s.human ? `you play ${s.name}: click to hand the seat back to the bots` : `the bots play ${s.name}: click to play it from here`,
      }));
    seats.append(cell);
  }
  box.append(seats);
  const speed = h("select", {
    class: "cardlab-speed", "data-key": "speed", "aria-label": "bot speed",
    onchange: (e) => send({ type: "speed", delay: Number(e.target.value) }),
  }, SPEEDS.map(([v, label]) => h("option", { value: String(v) }, label)));
  const known = SPEEDS.find(([v]) => v === bar.delay);
  if (!known) speed.append(h("option", { value: String(bar.delay) }, `${bar.delay} s`));
  speed.value = String(bar.delay);
  const pace = h("div", { class: "cardlab-seatbar-pace" },
    h("label", {}, "bots ", speed),
    button("cardlab-pause", bar.paused ? "▶ go on" : "❚❚ pause", () => send({ type: "pause", paused: !bar.paused }), {
      "data-key": "pause", "aria-pressed": String(!!bar.paused),
      "aria-label": bar.paused ? "the bots wait: click to let them play on" : "pause the bots",
    }));
  box.append(pace);
  if (bar.share) {
    const code = h("input", {
      class: "cardlab-share", readonly: true, value: bar.share, "data-share": bar.share,
      "aria-label": "share code: students open the same table with Table.from_share(code)",
      "data-key": "share", size: Math.min(60, bar.share.length),
    });
    box.append(h("div", { class: "cardlab-seatbar-share" },
      h("span", {}, "share code "), code,
      button("cardlab-copy-share", "Copy", () => { code.select(); if (navigator.clipboard) navigator.clipboard.writeText(code.value).catch(() => {}); }, { "data-key": "copy:share" })));
  } else if (bar.share_note) {
    box.append(h("div", { class: "cardlab-seatbar-share" }, bar.share_note));
  }
  return box;
}

// A bot's reason for a call or choice, beside the narration's sentence (Python worked it out
// and left it out wherever the viewer may not see that bot's hand): a "why?" button shows it
// under the sentence on hover, on focus and on a tap; a tap (or a click) keeps it open until
// the next tap, Escape or leaving it closes it.
let reasonIds = 0;
function narrationItem(text, why, current, i) {
  const li = h("li", { "data-current": String(current) }, text);
  if (!why) return li;
  const id = "cardlab-reason-" + (++reasonIds);
  const reason = h("span", { class: "cardlab-bot-reason", id, "data-reason": "", hidden: true }, why);
  const btn = h("button", {
    type: "button", class: "cardlab-bot-why", "data-key": "why:" + i, "aria-expanded": "false",
    "aria-controls": id, "aria-describedby": id, "aria-label": "why? the bot's reason: " + text,
  }, "why?");
  let kept = false;
  const show = (scroll) => {
    reason.hidden = false;
    btn.setAttribute("aria-expanded", "true");
    if (scroll && reason.scrollIntoView) reason.scrollIntoView({ block: "nearest" });
  };
  const hide = () => {
    if (kept) return;
    reason.hidden = true;
    btn.setAttribute("aria-expanded", "false");
  };
  btn.addEventListener("click", () => { kept = !kept; if (kept) show(true); else hide(); });
  btn.addEventListener("focus", () => show(true));
  btn.addEventListener("blur", hide);
  btn.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || reason.hidden) return;
    kept = false; hide();
    e.preventDefault(); e.stopPropagation();
  });
  li.addEventListener("mouseenter", () => show(false));
  li.addEventListener("mouseleave", () => { if (li.ownerDocument.activeElement !== btn) hide(); });
  li.setAttribute("data-why", "");
  li.append(" ", btn, reason);
  return li;
}

function drawNarration(view) {
  const lines = view.narration || [];
  const whys = view.narration_why || [];
  // a scrolling list a keyboard must reach (WCAG 2.1.1): in the tab order, with its name
  const list = h("ol", { class: "cardlab-narration", "aria-label": "what happened so far", tabindex: "0", "data-key": "narration" });
  lines.forEach((text, i) => list.append(narrationItem(text, whys[i], i === lines.length - 1, i)));
  return list;
}

// the teacher's table: each bot call so far with its reason, under the step buttons (the
// calls stand by the seats on the felt), for a class to read at once. Not at projector size:
// that table fills 1280×720 at every step and has no height for it (the why? stays)
function drawReasons(view) {
  if (!view.teacher || view.projector) return null;
  const whys = view.narration_why || [];
  const items = (view.narration || []).map((text, i) => [text, whys[i]]).filter(([, why]) => why);
  if (!items.length) return null;
  const list = h("ul", { class: "cardlab-reasons-list" });
  for (const [text, why] of items) {
    list.append(h("li", {}, h("span", { class: "cardlab-reasons-call" }, text + ": "), why));
  }
  // it scrolls when long: a keyboard reaches it (WCAG 2.1.1)
  return h("div", { class: "cardlab-reasons", role: "region", "aria-label": "the bots' reasons", tabindex: "0", "data-key": "reasons" },
    h("div", { class: "cardlab-reasons-title", "aria-hidden": "true" }, "Why the bots called as they did"), list);
}

// The narration only grows while a deal goes on. A live widget (``ui`` given) keeps its
// table and narration list in the page across redraws and appends just the new lines: the
// browser then lays out one new line instead of the whole story again (the longest part of
// a redraw's layout).
function keepNarration(keep, view) {
  const whys = view.narration_why || [];
  // a line is its sentence and its reason (a hand turned face down takes the reason away)
  const lines = (view.narration || []).map((text, i) => [text, whys[i] || ""]);
  const old = keep.lines;
  if (old.length > lines.length || old.some(([text, why], i) => text !== lines[i][0] || why !== lines[i][1])) {
    keep.list.replaceChildren();
    keep.lines = [];
  }
  const from = keep.lines.length;
  if (from === lines.length) return;
  if (keep.list.lastElementChild) keep.list.lastElementChild.setAttribute("data-current", "false");
  for (let i = from; i < lines.length; i++) {
    keep.list.append(narrationItem(lines[i][0], lines[i][1], i === lines.length - 1, i));
  }
  keep.lines = lines.slice();
}

function drawTable(view, send, model, ui) {
  const keep = ui ? (ui.table ||= { table: h("div"), list: drawNarration({}), lines: [] }) : null;
  const table = keep ? keep.table : h("div");
  table.className = "cardlab-table";
  table.setAttribute("data-phase", view.phase || "");
  table.setAttribute("data-mode", view.mode || "");
  table.setAttribute("data-show-all", String(!!view.show_all));
  table.setAttribute("data-teacher", String(!!view.teacher));
  if (keep) {
    for (const child of [...table.children]) if (child !== keep.list) child.remove();
  }
  const parts = document.createDocumentFragment();
  const above = h("div", { class: "cardlab-above" });
  above.append(h("div", { class: "cardlab-header" },
    h("span", { class: "cardlab-title" }, view.title || view.game || ""),
    h("span", { class: "cardlab-status" }, " · " + (view.status || "") +
      // once the deal is over the status says so; "playing" would be untrue
      (view.mode === "look_back" ? " · looking back" : view.phase === "done" ? "" : view.mode === "play" ? " · playing" : " · reviewing") +
      (view.branched ? " · your branch" : "")),
  ), drawFacts(view));
  if (view.prompt) above.append(h("div", { class: "cardlab-prompt", "data-prompt": "", role: "status" }, view.prompt));
  // an open try again: a card or a call clicked is a try at the look back's decision
  const trying = view.look_back && view.look_back.try && view.look_back.try.open ? view.look_back.try : null;
  const tableSend = !trying ? send : (intent) => send(
    intent.type === "play" ? { type: "look_back_try", card: intent.card }
      : intent.type === "act" ? { type: "look_back_try", option: intent.action } : intent);
  const felt = h("div", { class: "cardlab-felt", "data-seats": (view.hands || []).length });
  for (const hand of view.hands || []) felt.append(drawHand(view, hand, tableSend));
  felt.append(drawMiddle(view));
  if (view.projector) projectorCorners(felt, view);
  above.append(felt, h("div", { class: "cardlab-why", "data-why": "", "aria-live": "polite" }, ""),
    drawActions(view, tableSend));
  parts.append(above, drawControls(view, send));
  const reasons = drawReasons(view);
  if (reasons) parts.append(reasons);
  if (view.teacher) parts.append(drawSeatBar(view, send));
  parts.append(drawModes(view, send, model));
  if (view.look_back) parts.append(drawLookBack(view, send));
  parts.append(h("div", { class: "cardlab-message", role: "status" }, view.message || ""));
  const rule = drawRule(view.message_rule);
  if (rule) parts.append(rule);
  drawHintBars(view, parts);
  if (trying) markChosen(trying, parts);
  drawOpenHands(view, parts, send);
  const whyLine = parts.querySelector(".cardlab-why");
  if (whyLine) whyLine.cardlabRest = whyLine.textContent;
  // the result of a finished deal stands under the felt, in the height the table keeps for
  // the deal (an empty felt then leaves no blank band above the step buttons)
  const result = drawResult(view);
  if (result) above.append(result);
  if (!keep) {
    table.append(parts, drawNarration(view));
    return table;
  }
  keepNarration(keep, view);
  if (keep.list.parentNode !== table) table.append(keep.list);
  table.insertBefore(parts, keep.list);
  // the move list follows the step: its last line (the step shown) in sight
  if (keep.list.scrollHeight > keep.list.clientHeight) keep.list.scrollTop = keep.list.scrollHeight;
  return table;
}

// A projector's table (1280×720) has no height to spare: where the top corners of the felt
// are free (2 and 4 seats), the trump strip goes to the top left and the extras (kitty,
// discards, stock) and the last trick to the top right, so the middle holds only the trick.
function projectorCorners(felt, view) {
  const places = new Set(view.places || []);
  if (places.has("top-left") || places.has("top-right")) return;
  const mid = felt.querySelector(".cardlab-middle");
  if (!mid) return;
  const left = h("div", { class: "cardlab-corner", "data-place": "top-left" });
  const right = h("div", { class: "cardlab-corner", "data-place": "top-right" });
  const strip = mid.querySelector(".cardlab-trump-strip");
  if (strip) left.append(strip);
  for (const part of mid.querySelectorAll(".cardlab-extra, .cardlab-last-trick")) right.append(part);
  felt.setAttribute("data-corners", "true");
  felt.append(left, right);
}

// the result of a finished deal: a heading, the points of each side, the breakdown in words
function drawResult(view) {
  const r = view.result;
  if (!r) {
    if (!(view.result_lines || []).length) return null;
    return h("ul", { class: "cardlab-result", "aria-label": "result" }, view.result_lines.map((t) => h("li", {}, t)));
  }
  const id = "cardlab-result-" + Math.random().toString(36).slice(2, 10);
  return h("section", { class: "cardlab-result", "aria-labelledby": id },
    h("h3", { class: "cardlab-result-heading", id, "data-label": "result" }, r.heading || "Result of the deal"),
    h("ul", { class: "cardlab-result-points", "aria-label": "points this deal" },
      (r.points || []).map((p) => h("li", { class: "cardlab-result-side", "data-side": p.side, "data-points": p.points },
        h("span", { class: "cardlab-result-who" }, p.who), " ",
        h("span", { class: "cardlab-result-pts" }, p.text)))),
    (r.lines || []).length ? h("ul", { class: "cardlab-result-lines", "aria-label": "how the points were made" },
      r.lines.map((t) => h("li", {}, t))) : null);
}

// -- the deal editor ----------------------------------------------------------------------------
function drawEditor(view, send, model, ui) {
  const info = view.card_info || {};
  // one status line, as Python made it for its latest accepted intent: that message and where
  // the deal stands. A refused intent changes only view.message: then the line shows the refusal.
  const st = view.status || {};
  const refused = (view.message || "") !== (st.message || "");
  const status = h("div", {
    class: "cardlab-status cardlab-editor-status", role: "status",
    "data-valid": String(!refused && !!st.valid), "data-refused": String(refused),
  }, refused ? view.message : (st.text || ""));
  const box = h("div", { class: "cardlab-editor" },
    h("div", { class: "cardlab-header" }, h("span", { class: "cardlab-title" }, `${view.title || ""}: build a deal`)));
  const tabs = h("div", { class: "cardlab-parts", role: "group", "aria-label": "where clicked cards go" });
  for (const part of view.parts || []) {
    const active = part.label === view.target;
    const tab = h("div", { class: "cardlab-part", "data-part": part.label, "data-target": String(active) },
      button("cardlab-part-select", `${part.label} ${part.cards.length}/${part.size}`,
        () => send({ type: "target", part: part.label }),
        { "aria-pressed": String(active), "data-key": "part:" + part.label }));
    const cards = h("div", { class: "cardlab-cards", role: "group", "aria-label": `${part.label}'s cards` });
    for (const code of part.cards) {
      cards.append(cardButton(code, info[code], () => send({ type: "card", card: code }),
        { "data-key": "placed:" + code }));
    }
    tab.append(cards);
    tabs.append(tab);
  }
  box.append(tabs);
  const pack = h("div", { class: "cardlab-pack cardlab-cards", role: "group", "aria-label": "the pack" });
  for (const item of view.pack || []) {
    pack.append(cardButton(item.card, info[item.card], () => send({ type: "card", card: item.card }),
      { "data-part": item.part || "", "data-placed": String(!!item.part) }));
  }
  box.append(h("div", { class: "cardlab-pack-label" }, "The pack (click a card to put it in the chosen part):"), pack);
  const text = h("textarea", {
    class: "cardlab-deal-text", rows: 2, "aria-label": "deal string", "data-key": "text",
    placeholder: "N: AS KS … / E: … / kitty: …",
  });
  text.value = view.text || "";
  const dealer = h("select", {
    class: "cardlab-dealer", "aria-label": "dealer", "data-key": "dealer",
    onchange: (e) => send({ type: "dealer", dealer: Number(e.target.value) }),
  }, (view.seat_names || []).map((n, i) => h("option", { value: i }, n)));
  dealer.value = String(view.dealer ?? 0);
  const out = h("input", { class: "cardlab-deal-string", readonly: true, value: view.deal_string || "", "aria-label": "the deal string to copy" });
  box.append(
    h("div", { class: "cardlab-editor-text" }, text,
      button("cardlab-read-text", "Read deal string", () => send({ type: "text", text: text.value }), { "data-key": "read" })),
    h("div", { class: "cardlab-modes" },
      button("cardlab-fill", "Deal the rest at random", () => send({ type: "fill", seed: Math.floor(Math.random() * 1e9) }), { "data-key": "fill" }),
      button("cardlab-clear", "Clear", () => send({ type: "clear" }), { "data-key": "clearall" }),
      h("label", {}, "dealer ", dealer),
      button("cardlab-open", "Open in a table", () => send({ type: "open" }), { "data-key": "open", "aria-disabled": String(!view.valid) })),
    h("div", { class: "cardlab-deal-out" }, h("span", {}, "deal string: "), out,
      button("cardlab-copy", "Copy", () => { out.select(); if (navigator.clipboard) navigator.clipboard.writeText(out.value).catch(() => {}); }, { "data-key": "copy" })),
    status);
  if (view.table) {
    const sub = h("div", { class: "cardlab-subtable" });
    sub.append(drawTable(view.table, (intent) => send({ type: "table", intent }), null));
    box.append(sub);
  }
  return box;
}

// -- ladders and scores -----------------------------------------------------------------------
function drawTrumpLadder(view, send) {
  const info = view.card_info || {};
  const select = h("select", {
    class: "cardlab-contract-select", "aria-label": "contract", "data-key": "contract",
    onchange: (e) => send({ type: "contract", contract: e.target.value }),
  }, (view.contracts || []).map((c) => h("option", { value: c }, (view.contract_words || {})[c] || c)));
  select.value = view.contract || "";
  const box = h("div", { class: "cardlab-ladder" },
    h("div", { class: "cardlab-header" }, h("span", { class: "cardlab-title" }, `${view.title || ""}: order of the cards`),
      h("label", {}, " contract ", select)));
  const row = (label, codes) => {
    const list = h("ol", { class: "cardlab-ladder-row cardlab-cards", "aria-label": label + ", high to low" });
    for (const code of codes) {
      const d = info[code];
      list.append(h("li", { class: "cardlab-rung" }, cardShown(code, d, {
        tabindex: "0", "data-special": String(!!(d && d.special)),
      })));
    }
    return h("div", { class: "cardlab-ladder-line" }, h("span", { class: "cardlab-ladder-label" }, label), list);
  };
  if ((view.trumps || []).length) box.append(row("trumps", view.trumps));
  for (const suit of view.suits || []) box.append(row(suit.name, suit.cards));
  const special = Object.entries(view.special || {});
  if (special.length) {
    box.append(h("ul", { class: "cardlab-special", "aria-label": "cards that change suit or rank" },
      special.map(([code, words]) => h("li", {}, `${(info[code] || {}).name || code}: ${words}`))));
  }
  box.append(h("div", { class: "cardlab-message", role: "status" }, view.message || ""));
  return box;
}

function drawAuctionLadder(view, send) {
  const box = h("div", { class: "cardlab-auction" },
    h("div", { class: "cardlab-header" }, h("span", { class: "cardlab-title" }, `${view.title || ""}: bid ladder`),
      view.to_move ? h("span", { class: "cardlab-status" }, ` · ${view.to_move} to call`) : null));
  const table = h("table", { class: "cardlab-ladder-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "call"), h("th", { scope: "col" }, "value"), h("th", { scope: "col" }, "now"))));
  const body = h("tbody", {});
  for (const row of view.rows || []) {
    const state = [row.current ? "current bid" : "", row.legal ? "legal now" : ""].filter(Boolean).join(", ");
    const call = view.can_call && row.legal
      ? button("cardlab-call", row.label, () => send({ type: "call", call: row.call }), { "data-call": row.call, "data-key": "call:" + row.call })
      : h("span", {}, row.label);
    body.append(h("tr", { class: "cardlab-bid", "data-call": row.call, "data-current": String(!!row.current), "data-legal": String(!!row.legal) },
      h("th", { scope: "row" }, call), h("td", {}, row.value ?? ""), h("td", {}, state)));
  }
  table.append(body);
  box.append(table);
  if ((view.calls || []).length) {
    box.append(h("ol", { class: "cardlab-calls", "aria-label": "the auction so far" },
      view.calls.map((c) => h("li", {}, `${c.name} ${c.call}`))));
  }
  box.append(h("div", { class: "cardlab-message", role: "status" }, view.message || ""));
  return box;
}

function drawScoreCompare(view, send) {
  const box = h("div", { class: "cardlab-scores" },
    h("div", { class: "cardlab-header" }, h("span", { class: "cardlab-title" }, `${view.title || ""}: one deal, several scorings`)));
  const shown = new Set(view.shown || []);
  const toggles = h("div", { class: "cardlab-modes", role: "group", "aria-label": "variants shown" });
  for (const name of view.variants || []) {
    const box2 = h("input", {
      type: "checkbox", class: "cardlab-variant-toggle", "data-variant": name, "data-key": "variant:" + name,
      onchange: () => {
        const names = Array.from(toggles.querySelectorAll(".cardlab-variant-toggle"))
          .filter((n) => n.checked).map((n) => n.getAttribute("data-variant"));
        send({ type: "variants", names });
      },
    });
    box2.checked = shown.has(name);
    toggles.append(h("label", { class: "cardlab-toggle" }, box2, " " + name));
  }
  box.append(toggles);
  const sides = view.sides || [];
  const table = h("table", { class: "cardlab-score-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "variant"),
      sides.map((s) => h("th", { scope: "col" }, s)), h("th", { scope: "col" }, "breakdown"))));
  const body = h("tbody", {});
  for (const row of view.rows || []) {
    body.append(h("tr", { class: "cardlab-score-row", "data-variant": row.variant },
      h("th", { scope: "row" }, row.variant),
      sides.map((s) => h("td", {}, (row.points || {})[s] ?? "")),
      h("td", {}, row.error ? row.error : h("ul", {}, (row.breakdown || []).map((t) => h("li", {}, t))))));
  }
  table.append(body);
  box.append(table);
  if (view.distribution) box.append(drawDistribution(view.distribution));
  box.append(h("div", { class: "cardlab-message", role: "status" }, view.message || ""));
  return box;
}

// many seeded deals per variant: the histogram (SVG markup made by cardlab.render in Python,
// with its own <title>/<desc>) and a table of the same numbers
function percent(x) {
  return x === null || x === undefined ? "—" : `${(100 * x).toFixed(1).replace(/\.0$/, "")}%`;
}

function decimal(x) {
  return x === null || x === undefined ? "—" : x.toFixed(1).replace(/\.0$/, "");
}

function drawDistribution(dist) {
  const fig = h("figure", { class: "cardlab-distribution", "data-deals": dist.n });
  fig.append(h("figcaption", { class: "cardlab-distribution-caption" },
    `Over many deals: ${dist.caption || ""}`));
  const plot = h("div", { class: "cardlab-plot" });
  plot.innerHTML = dist.svg || "";
  fig.append(plot);
  const head = ["variant", "mean points", "contract bid", "contract made", "actions per deal"];
  const table = h("table", { class: "cardlab-score-table cardlab-summary-table" },
    h("caption", {}, "Per variant"),
    h("thead", {}, h("tr", {}, head.map((t) => h("th", { scope: "col" }, t)))));
  const body = h("tbody", {});
  for (const row of dist.rows || []) {
    body.append(h("tr", { "data-variant": row.variant },
      h("th", { scope: "row" }, row.variant),
      h("td", {}, decimal(row.mean)), h("td", {}, percent(row.contract_rate)),
      h("td", {}, percent(row.made_rate)), h("td", {}, decimal(row.mean_length))));
  }
  table.append(body);
  fig.append(table);
  return fig;
}

const DRAW = {
  table: drawTable,
  editor: drawEditor,
  trump_ladder: drawTrumpLadder,
  auction_ladder: drawAuctionLadder,
  score_compare: drawScoreCompare,
};

// -- keyboard -----------------------------------------------------------------------------------
// Tab and Shift+Tab go from group to group (each hand, piles, the pack, the calls, the step
// buttons, the seat bar): a group of cards or calls keeps one stop in the tab order (a roving
// tabindex), and the arrow keys move within it. Enter or Space plays, chooses or presses;
// Escape clears the cards chosen; "?" shows the keys. Elsewhere the arrows step the deal.
const KEYS_HELP = "Keys: Tab and Shift+Tab move between the groups (hands, piles, calls, step " +
  "buttons, seat bar); the arrow keys move within a group; Enter or Space plays a card, chooses " +
  "it for a discard or presses a button; Escape clears the cards chosen; on the table itself " +
  "(and on the step buttons) ← and → step back and forward, Home and End go to the first and " +
  "last step; ? shows or hides this line.";

function focusable(node) {
  return !!node && !node.disabled && node.getClientRects().length > 0;
}

// the members of a roving group, in order: a group of cards, or the calls and choices
function groupOf(node) {
  const cards = node.closest(".cardlab-cards");
  if (cards && node.classList.contains("cardlab-card")) {
    return { box: cards, items: Array.from(cards.querySelectorAll(".cardlab-card")) };
  }
  const calls = node.closest(".cardlab-actions");
  if (calls && node.matches(".cardlab-action, .cardlab-choice, .cardlab-clear-selection")) {
    return { box: calls, items: Array.from(calls.querySelectorAll(".cardlab-action, .cardlab-choice, .cardlab-clear-selection")) };
  }
  return null;
}

// one tab stop per group: the member focused, else the one chosen by `prefer`, else the first
function rove(root) {
  const active = root.ownerDocument.activeElement;
  const groups = [
    ...Array.from(root.querySelectorAll(".cardlab-cards")).map((box) => [box, Array.from(box.querySelectorAll(".cardlab-card"))]),
    ...Array.from(root.querySelectorAll(".cardlab-actions")).map((box) => [box, Array.from(box.querySelectorAll(".cardlab-action, .cardlab-choice, .cardlab-clear-selection"))]),
  ];
  for (const [, items] of groups) {
    if (!items.length) continue;
    const stop = items.find((n) => n === active)
      || items.find((n) => n.classList.contains("cardlab-choice"))
      || items.find((n) => n.getAttribute("data-legal") === "true")
      || items.find((n) => n.getAttribute("data-selected") === "true")
      || items.find((n) => !n.disabled) || items[0];
    for (const n of items) n.setAttribute("tabindex", n === stop ? "0" : "-1");
  }
}

function moveTo(from, to) {
  if (!to || to === from) return;
  from.setAttribute("tabindex", "-1");
  to.setAttribute("tabindex", "0");
  to.focus();
}

// the calls: ← → along every call in order, ↑ ↓ to the row above or below
function callKey(key, node, items) {
  const i = items.indexOf(node);
  if (key === "ArrowRight") return items[Math.min(i + 1, items.length - 1)];
  if (key === "ArrowLeft") return items[Math.max(i - 1, 0)];
  if (key === "Home") return items[0];
  if (key === "End") return items[items.length - 1];
  if (key !== "ArrowDown" && key !== "ArrowUp") return null;
  const row = node.parentElement;
  const rows = Array.from(new Set(items.map((n) => n.parentElement)));
  const r = rows.indexOf(row) + (key === "ArrowDown" ? 1 : -1);
  if (r < 0 || r >= rows.length) return node;
  const col = items.filter((n) => n.parentElement === row).indexOf(node);
  const there = items.filter((n) => n.parentElement === rows[r]);
  return there[Math.min(col, there.length - 1)];
}

// returns true if the key was handled (then it goes no further)
function onKey(event, root, view, send) {
  const target = event.target;
  const tag = (target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select") return false;
  const key = event.key;
  const member = target.closest && target.closest(".cardlab-card, .cardlab-action, .cardlab-choice, .cardlab-clear-selection");
  const group = member ? groupOf(member) : null;
  if (group && member.classList.contains("cardlab-card")) {
    const card = member;
    const cards = group.items;
    const groups = Array.from(root.querySelectorAll(".cardlab-cards")).filter((g) => g.querySelector(".cardlab-card"));
    const i = cards.indexOf(card);
    let next = null;
    if (key === "ArrowRight") next = cards[Math.min(i + 1, cards.length - 1)];
    else if (key === "ArrowLeft") next = cards[Math.max(i - 1, 0)];
    else if (key === "Home") next = cards[0];
    else if (key === "End") next = cards[cards.length - 1];
    else if (key === "ArrowDown" || key === "ArrowUp") {
      const g = groups.indexOf(group.box) + (key === "ArrowDown" ? 1 : -1);
      if (g >= 0 && g < groups.length) {
        next = groups[g].querySelector('.cardlab-card[tabindex="0"]') || groups[g].querySelector(".cardlab-card");
      } else next = card;
    }
    if (next) { event.preventDefault(); moveTo(card, next); return true; }
    return false;
  }
  if (group) {
    const next = callKey(key, member, group.items);
    if (next) { event.preventDefault(); moveTo(member, next); return true; }
    return false;
  }
  if (!view || view.step === undefined || view.steps === undefined) return false;
  if (tag === "button" && (key === "Enter" || key === " ")) return false;
  let to = null;
  if (key === "ArrowLeft") { event.preventDefault(); send({ type: "step", by: -1 }); return true; }
  if (key === "ArrowRight") { event.preventDefault(); send({ type: "step", by: 1 }); return true; }
  else if (key === "Home") to = 0;
  else if (key === "End") to = view.steps;
  if (to !== null) {
    event.preventDefault();
    if (to >= 0 && to <= view.steps && to !== view.step) send({ type: "step", to });
    return true;
  }
  return false;
}

function focusKeyOf(root) {
  const active = root.ownerDocument.activeElement;
  if (!active || !root.contains(active)) return null;
  const keyed = active === root ? null : active.closest("[data-key]");
  return keyed ? keyed.getAttribute("data-key") : "root";
}

// was the focused element reached from the keyboard (so a redraw must put focus on the
// corresponding card or button again), rather than by a click?
function keyboardFocus(root, ui) {
  const active = root.ownerDocument.activeElement;
  if (!active || active === root || !root.contains(active)) return false;
  if (ui.keyboard) return true;
  try { return active.matches(":focus-visible"); } catch (_) { return true; }
}

// Focus after a redraw: the same control if it is still there and usable; else the first
// control of what comes next (a card to play, the cards' Confirm, a call, a step button);
// else the widget's root. Never nothing: focus on <body> would send the next keys to
// JupyterLab.
function restoreFocus(root, key) {
  if (!key) return;
  let node = key === "root" ? root : root.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (node && node !== root && !focusable(node)) node = null;
  if (!node) {
    const first = (sel) => Array.from(root.querySelectorAll(sel)).find(focusable);
    node = (key.startsWith("try:") ? first(".cardlab-try button") || first('.cardlab-look-back-go[aria-current="step"]') : null)
      || first('.cardlab-seat[data-mover="true"] .cardlab-card[data-legal="true"]')
      || first(".cardlab-choice") || first(".cardlab-action")
      || (key.startsWith("card:") || key.startsWith("placed:") ? first('.cardlab-cards .cardlab-card[tabindex="0"]') : null)
      || first(".cardlab-controls button") || root;
  }
  const group = node.closest && node !== root ? groupOf(node) : null;
  if (group) for (const n of group.items) n.setAttribute("tabindex", n === node ? "0" : "-1");
  node.focus({ preventScroll: true });
}

// the widget drawn from a view, and the view a widget's bots or downloads belong to
function tableViewOf(kind, view) {
  if (kind === "table") return view;
  if (kind === "editor") return view.table || null;
  return null;
}

// -- the reserve: a table as tall as its tallest step ------------------------------------------
// Python sends the views of the recorded line's tallest steps (_layout_probes). They are drawn
// unseen, at the table's own width and in its own mode, and the block above the step buttons
// keeps the height of the tallest (and of the tallest step drawn since), so the step buttons
// and the seat bar under them stay in one place while stepping: a teacher clicking "forward"
// at one spot never misses.
function reserve(root, body, model, ui) {
  const above = body.querySelector(".cardlab-table > .cardlab-above");
  const width = body.clientWidth;
  if (!above || !width) return; // not laid out yet: the resize observer calls again
  const probes = model.get("_layout_probes") || [];
  if (ui.probes !== probes) { ui.probes = probes; ui.reserveKey = null; }
  const key = [width, root.classList.contains("cardlab-projector"),
    root.classList.contains("cardlab-four-colour")].join(":");
  if (ui.reserveKey !== key) {
    ui.reserveKey = key;
    ui.reserve = 0;
    ui.tallest = 0;
    if (probes.length) {
      const box = h("div", { class: "cardlab-probe", "aria-hidden": "true", inert: true });
      box.style.cssText = `position:absolute;left:0;top:0;width:${width}px;visibility:hidden;pointer-events:none;`;
      body.append(box);
      const faces = FACES;
      FACES = model.get("_card_faces") || null;
      try {
        const projector = root.classList.contains("cardlab-projector");
        for (const v of probes) {
          box.replaceChildren(drawTable({ ...v, projector }, () => {}, null, null));
          const part = box.querySelector(".cardlab-above");
          if (part) ui.reserve = Math.max(ui.reserve, part.getBoundingClientRect().height);
        }
      } finally { FACES = faces; box.remove(); }
    }
  }
  // the height kept is set before anything is measured: the table never shrinks for a
  // moment (the browser would scroll the page after the content below it)
  const keep = Math.ceil(Math.max(ui.reserve, ui.tallest));
  if (keep) above.style.minHeight = `${keep}px`;
  const last = above.lastElementChild;
  const natural = last ? last.getBoundingClientRect().bottom - above.getBoundingClientRect().top : 0;
  if (natural > keep) {
    ui.tallest = natural;
    above.style.minHeight = `${Math.ceil(natural)}px`;
  }
}

// focus the widget once it is on the page (a table made by the teacher's Deal button)
function focusWhenShown(root, tries) {
  if (root.isConnected && root.getClientRects().length) root.focus({ preventScroll: true });
  else if (tries < 100) setTimeout(() => focusWhenShown(root, tries + 1), 50);
}

// The page that holds a teacher's table scrolls only when the teacher scrolls it: the
// browser's scroll anchoring would otherwise move the whole table whenever a line appears
// under its step buttons (the move list, a message), and a click at one spot would miss
// "forward". So anchoring is off on the table's ancestors (one of them is the scroller).
function unanchor(root, tries) {
  if (!root.isConnected) {
    if (tries < 100) setTimeout(() => unanchor(root, tries + 1), 50);
    return;
  }
  for (let n = root.parentElement; n; n = n.parentElement) n.style.overflowAnchor = "none";
}

// the front-end contract's name of each kind of widget (DESIGN §3: data-cardlab-widget)
const WIDGET_NAMES = {
  table: "table", editor: "editor", trump_ladder: "trump-ladder",
  auction_ladder: "auction-ladder", score_compare: "score-compare",
};

function render({ model, el }) {
  const kind = model.get("kind") || "table";
  const root = h("div", {
    class: `cardlab-root cardlab-kind-${kind}`, "data-lm-suppress-shortcuts": "", tabindex: "0",
    "data-kind": kind, "data-cardlab-widget": WIDGET_NAMES[kind] || kind,
  });
  el.setAttribute("data-lm-suppress-shortcuts", "");
  const body = h("div", { class: "cardlab-body" });
  const live = h("div", { class: "cardlab-live", role: "log", "aria-live": "polite", "aria-atomic": "false", "aria-relevant": "additions", "aria-label": "what just happened" });
  // shown instead of the table where the output area is narrower than the table's minimum
  // (cardlab.css): a clear word beats a table squeezed to a sliver
  const narrow = h("div", { class: "cardlab-too-narrow", role: "note" },
    "This card table needs an output area at least 400 px wide: widen the window, or close the side panel.");
  // the keys, behind a "?" button (and the "?" key) under every widget
  const helpId = "cardlab-keys-" + Math.random().toString(36).slice(2, 10);
  const help = h("p", { class: "cardlab-keys", id: helpId, hidden: true }, KEYS_HELP);
  const helpButton = button("cardlab-keys-toggle", "? keys", null, {
    "aria-expanded": "false", "aria-controls": helpId, "data-key": "keys", title: "the keys of this widget",
  });
  const toggleHelp = () => {
    help.hidden = !help.hidden;
    helpButton.setAttribute("aria-expanded", String(!help.hidden));
  };
  helpButton.addEventListener("click", toggleHelp);
  root.append(narrow, body, h("div", { class: "cardlab-keys-line" }, helpButton, help), live);
  el.append(root);
  const first = model.get("view") || {};
  const firstTable = tableViewOf(kind, first);
  const ui = {
    timer: null,
    lastDownload: firstTable && firstTable.download ? firstTable.download.id : null,
    lastSpoken: "",
    lastContract: "",
    lastResult: "",
    keyboard: false, // the last input inside the widget was a key (not a pointer)
    pending: null, // the step last asked for, until it is drawn
    // the try again's words said so far (a new count is said once, the same words too)
    tryCount: firstTable && firstTable.look_back && firstTable.look_back.try ? firstTable.look_back.try.count : 0,
  };
  const raw = (intent) => model.send(intent);
  const toTable = kind === "editor" ? (intent) => raw({ type: "table", intent }) : raw;
  // Steps asked for but not yet drawn: quick presses of "forward" or an arrow key count from
  // the last step asked for, not from the step still on screen, so none is lost.
  const stepTo = (intent, deliver) => {
    const tv = tableViewOf(kind, model.get("view") || {});
    if (!tv || tv.step === undefined) return;
    const fresh = ui.pending && Date.now() - ui.pending.at < 2000;
    const base = fresh ? ui.pending.to : tv.step;
    const to = intent.by !== undefined ? base + intent.by : intent.to;
    if (!(to >= 0 && to <= tv.steps) || to === base) return;
    ui.pending = { to, at: Date.now() };
    deliver({ type: "step", to });
  };
  const send = (intent) => {
    if (kind === "table" && intent && intent.type === "step") return stepTo(intent, raw);
    if (intent && intent.type === "table" && intent.intent && intent.intent.type === "step") {
      return stepTo(intent.intent, toTable);
    }
    return raw(intent);
  };
  const wrap = (intent) => (intent && intent.type === "step" ? stepTo(intent, toTable) : toTable(intent));

  const draw = () => {
    const view = model.get("view") || {};
    // Focus is touched only if it was inside the widget. After a click the focused button is
    // about to be replaced: focus the root, which stays, *before* the new nodes go in (style is
    // still clean then, so focus() costs nothing), and keys keep reaching the widget instead of
    // JupyterLab. Only a keyboard user gets focus moved onto the new card or button, which
    // needs the new nodes' style and layout at once (focus() forces them).
    const key = focusKeyOf(root);
    const byKeyboard = keyboardFocus(root, ui);
    if (key && !byKeyboard && root.ownerDocument.activeElement !== root) {
      root.focus({ preventScroll: true });
    }
    const drawKind = DRAW[kind] || drawTable;
    FACES = model.get("_card_faces") || null;
    let drawn;
    try { drawn = drawKind(view, send, model, ui); } finally { FACES = null; }
    if (body.firstChild !== drawn || body.childNodes.length !== 1) body.replaceChildren(drawn);
    root.classList.toggle("cardlab-four-colour", !!model.get("four_colour"));
    root.classList.toggle("cardlab-projector", !!(view && view.projector));
    if (kind === "table") reserve(root, body, model, ui);
    const tv = tableViewOf(kind, view);
    if (tv && ui.pending && tv.step === ui.pending.to) ui.pending = null;
    root.setAttribute("data-step", tv && tv.step !== undefined ? String(tv.step) : "");
    root.setAttribute("data-mode", tv && tv.mode ? tv.mode : "");
    // every play since the last view is said once, the learner's own too: each line is a
    // node added to the live region (a bot answering at once must not overwrite the
    // learner's card before it is read); the region keeps only its last few lines
    const spoken = [...((tv && tv.news) || []), view.message || ""].filter(Boolean);
    // the contract once it is set, and the result once the deal is over, said once each
    const contract = tv && tv.contract ? `contract ${tv.contract}` + (tv.declarer !== null && tv.declarer !== undefined ? ` by ${seatName(tv, tv.declarer)}` : "") : "";
    if (contract && contract !== ui.lastContract) spoken.push(contract);
    ui.lastContract = contract;
    const r = tv && tv.result;
    const result = r ? [r.heading || "Result of the deal", ...(r.points || []).map((x) => `${x.who} ${x.text}`)].join(", ")
      : tv && (tv.result_lines || []).length ? tv.result_lines.join(", ") : "";
    if (result && result !== ui.lastResult) spoken.push(result);
    ui.lastResult = result;
    const said = spoken.join(". ");
    if (said && said !== ui.lastSpoken) {
      for (const line of spoken) live.append(h("p", {}, line));
      while (live.childElementCount > 8) live.firstElementChild.remove();
    }
    ui.lastSpoken = said;
    // the try again's verdict (or its answer, or the next decision's question), said once
    const t = tv && tv.look_back && tv.look_back.try;
    if (t && t.count !== ui.tryCount) {
      if (t.news) live.append(h("p", {}, t.news));
      while (live.childElementCount > 8) live.firstElementChild.remove();
      ui.tryCount = t.count;
    }
    rove(root);
    if (byKeyboard) restoreFocus(root, key);
    clearTimeout(ui.timer);
    ui.timer = null;
    clearTimeout(ui.hintTimer);
    if (tv && tv.hint_pending && tv.hint_pending.step === tv.step) {
      // the hint's next, better estimate: asked for after this frame, so a click goes first
      const step = tv.hint_pending.step;
      ui.hintTimer = setTimeout(() => wrap({ type: "hint_more", step }), 30);
    }
    if (tv && tv.bot_pending && tv.bot_pending.step === tv.step) {
      const step = tv.bot_pending.step;
      ui.timer = setTimeout(() => wrap({ type: "bot", step }), Math.max(0, tv.bot_pending.delay_ms || 0));
    }
    if (tv && tv.download && tv.download.id !== ui.lastDownload) {
      ui.lastDownload = tv.download.id;
      const blob = new Blob([tv.download.text], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const a = h("a", { href: url, download: tv.download.filename || "cardlab-record.json" });
      root.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }
  };
  const pointerdown = () => { ui.keyboard = false; };
  // A button pressed with the mouse is usually replaced by the redraw its click causes, and
  // focus would fall out of the widget (then keys reach JupyterLab). So a mouse press on a
  // button focuses the widget's root instead of the button: the focus move a press makes
  // anyway, with no focus to rescue (and no style flush) in the redraw.
  const mousedown = (event) => {
    const target = event.target instanceof Element ? event.target.closest("button") : null;
    if (event.button !== 0 || !target || !root.contains(target) || target.disabled) return;
    event.preventDefault();
    if (root.ownerDocument.activeElement !== root) root.focus({ preventScroll: true });
  };
  const keydown = (event) => {
    if (event.key !== "Escape") ui.keyboard = true;
    const view = model.get("view") || {};
    const tv = tableViewOf(kind, view);
    const tag = ((event.target && event.target.tagName) || "").toLowerCase();
    const typing = tag === "input" || tag === "textarea" || tag === "select";
    let handled = onKey(event, root, tv, wrap);
    if (!handled && !typing && event.key === "?") { toggleHelp(); handled = true; }
    if (!handled && event.key === "Escape" && !typing) {
      // Escape clears the cards chosen (or closes the keys' line); with nothing to clear
      // it goes on to JupyterLab (leaving the widget, as in any output)
      if (tv && (tv.selection || []).length) { wrap({ type: "clear_selection" }); handled = true; }
      else if (!help.hidden) { toggleHelp(); handled = true; }
      if (handled) { ui.keyboard = true; event.preventDefault(); event.stopPropagation(); }
    }
    // JupyterLab also handles single keys ("a", "b", "d d") at the document in the bubbling
    // phase, and data-lm-suppress-shortcuts alone did not stop it in Lab 4.6: keep plain keys
    // inside the widget (typing a deal string too); chords (Ctrl/Cmd/Alt) and Escape still
    // reach JupyterLab.
    if (!event.ctrlKey && !event.metaKey && !event.altKey && event.key !== "Escape") {
      event.stopPropagation();
    }
  };
  // reduced motion only changes transitions (CSS); the bots keep a readable pace either way
  root.toggleAttribute("data-reduced-motion", !!(window.matchMedia && window.matchMedia(REDUCED_MOTION).matches));
  model.on("change:view", draw);
  model.on("change:four_colour", draw);
  model.on("change:_card_faces", draw);
  root.addEventListener("keydown", keydown);
  root.addEventListener("pointerdown", pointerdown, true);
  root.addEventListener("mousedown", mousedown);
  draw();
  if (model.get("autofocus")) focusWhenShown(root, 0);
  if (kind === "table" && (model.get("view") || {}).teacher) unanchor(root, 0);
  // a new width (a window or side panel resized) lays the table out anew: measure again
  let resized = null;
  const observer = kind === "table" && typeof ResizeObserver !== "undefined"
    ? new ResizeObserver(() => {
      clearTimeout(resized);
      resized = setTimeout(() => reserve(root, body, model, ui), 120);
    }) : null;
  if (observer) observer.observe(body);
  const probesChanged = () => { if (kind === "table") reserve(root, body, model, ui); };
  model.on("change:_layout_probes", probesChanged);
  // the kernel may now value a slow hint ahead (a Five Hundred bid); a saved page with no
  // kernel has nobody to tell
  if (kind === "table") { try { raw({ type: "on_screen" }); } catch (err) { /* no kernel */ } }
  return () => {
    if (observer) observer.disconnect();
    clearTimeout(resized);
    model.off("change:_layout_probes", probesChanged);
    clearTimeout(ui.timer);
    clearTimeout(ui.hintTimer);
    model.off("change:view", draw);
    model.off("change:four_colour", draw);
    model.off("change:_card_faces", draw);
    root.removeEventListener("keydown", keydown);
    root.removeEventListener("pointerdown", pointerdown, true);
    root.removeEventListener("mousedown", mousedown);
    root.remove();
  };
}

export default { render };
