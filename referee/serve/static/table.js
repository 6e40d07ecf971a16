// The table view: draws the game the server streams. Every name and card text goes
// into the page as a text node (never as HTML), so a player called <script> is just text.
"use strict";

(function () {
  const token = new URLSearchParams(location.search).get("token");
  const query = token ? "?token=" + encodeURIComponent(token) : "";
  const RETRY_MS = 3000; // after the server refused the stream
  const SHOWN_CITATIONS = 4; // `why` in the REPL lists them all
  const TRACK_TOP = 20; // Fortitude and Alcohol Content run 0..20 on a player mat
  const EDITIONS = { gii: "Gambling? I’m In! rules", rdi3: "RDI 3 rules" };
  const GAMES = { rdi: "The Red Dragon Inn", tda: "Three-Dragon Ante: Giants War" };
  const SIDES = { dragons: "for the dragons", giants: "for the giants" };
  let shown = null; // the last game drawn: kept on screen while the store cannot be read

  function el(tag, cls, ...children) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    for (const child of children) {
      if (child === null || child === undefined || child === false || child === "") continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function fill(id, ...children) {
    document.getElementById(id).replaceChildren(...children.filter((c) => c));
  }

  function figure(label, value, cls) {
    return el("div", "figure " + (cls || ""), el("span", "value", value), el("span", "label", label));
  }

  function names(list) {
    return list && list.length ? list.join(", ") : "nobody";
  }

  function plural(count, one, many) {
    return count + " " + (count === 1 ? one : many);
  }

  // --- The Red Dragon Inn ---------------------------------------------------------------

  function bar(cls, value, top, mark) {
    const track = el("div", "bar " + cls);
    const level = el("div", "level");
    level.style.width = Math.max(0, Math.min(100, (100 * value) / top)) + "%";
    track.append(level);
    if (mark !== undefined) {
      const line = el("div", "mark");
      line.style.left = Math.max(0, Math.min(100, (100 * mark) / top)) + "%";
      track.append(line);
    }
    return track;
  }

  function tracks(fortitude, alcohol, top) {
    return el("div", "tracks",
      el("div", "track", el("span", "name", "Fortitude"), bar("fortitude", fortitude, top), el("span", "count", fortitude)),
      el("div", "track", el("span", "name", "Alcohol"), bar("alcohol", alcohol, top, fortitude), el("span", "count", alcohol)));
  }

  function spare(fortitude, alcohol) {
    const left = fortitude - alcohol;
    return left <= 0 ? figure("", "passed out", "danger") : figure("from passing out", left, left <= 3 ? "danger" : "spare");
  }

  function rdiExtras(p) {
    const bits = [];
    if (p.piety !== null) bits.push("Piety " + p.piety);
    if (p.mood) bits.push("Wulfric: " + p.mood);
    if (p.potions && p.potions.length) bits.push("Potions: " + p.potions.join(", "));
    if (p.cutting_board && p.cutting_board.length) bits.push("Cutting Board: " + p.cutting_board.join(", "));
    if (p.recipe) bits.push("Recipe: " + p.recipe);
    if (p.front && p.front.length) bits.push("In front: " + p.front.join(", "));
    if (p.kept && p.kept.length) bits.push("Kept: " + p.kept.join(", "));
    if (p.debuffs && p.debuffs.length) bits.push(p.debuffs.map((d) => d.replace(/_/g, " ")).join(", "));
    return bits.length ? el("p", "extras", bits.join(" · ")) : null;
  }

  function rdiPlayer(p, table, top) {
    const active = p.name === table.active;
    const card = el("article", "player" + (active ? " active" : "") + (p.out ? " out" : ""));
    const heading = el("h2", "", el("span", "who", p.name));
    if (p.character && p.character !== p.name) heading.append(el("span", "character", p.character));
    if (table.round && table.round.to_act === p.name) heading.append(el("span", "turn", "▶ to act in the Round"));
    else if (table.to_decide === p.name) heading.append(el("span", "turn", "▶ to respond or pass"));
    else if (active) heading.append(el("span", "turn", "▶ " + (table.phase_name || table.phase)));
    if (p.out) heading.append(el("span", "stamp", "OUT")); // beside the name, never over it
    card.append(heading);
    const figures = el("div", "figures mat", figure("Gold", p.gold, "gold"), figure("Drink Me!", p.drink_me, "drinks"));
    if (p.tracks) {
      // Otto keeps one pair of tracks toward each other player.
      for (const [toward, pair] of Object.entries(p.tracks)) {
        card.append(el("p", "toward", "toward " + toward + ": " + (pair[0] - pair[1]) + " from passing out"),
          tracks(pair[0], pair[1], top));
      }
    } else {
      card.append(tracks(p.fortitude, p.alcohol, top), figures);
      figures.append(spare(p.fortitude, p.alcohol));
    }
    const extras = rdiExtras(p);
    if (extras) card.append(extras);
    return card;
  }

  function rdiChainItem(item) {
    if (item.kind === "drink") {
      const alcohol = item.alcohol === null ? "?" : item.alcohol;
      return el("li", "drink", el("span", "card", item.card),
        el("span", "by", item.player + " drinks it · " + alcohol + " Alcohol Content"));
    }
    if (item.kind === "card") {
      return el("li", "play", el("span", "card", item.card),
        el("span", "by", item.player + " plays it" + (item.target ? " on " + item.target : "")));
    }
    return el("li", "event", el("span", "card", item.card), el("span", "by", item.player + " revealed this Drink Event"));
  }

  function rdiTable(t) {
    const rows = [];
    if (t.round) {
      rows.push(el("div", "special", el("h3", "", "Round of Gambling"),
        el("div", "figures", figure("Pot", t.pot, "gold big"), figure("in control", t.round.control || "nobody", "who"),
          figure("to act", t.round.to_act || "nobody", "who")),
        el("p", "", "Passed since control changed: " + names(t.round.passed)),
        el("p", "", "Left the Round: " + names(t.round.left)),
        t.round.prize ? el("p", "", "Prize: " + t.round.prize) : null));
    } else if (t.pot) {
      rows.push(el("div", "figures", figure("Pot", t.pot, "gold big")));
    }
    if (t.contest) rows.push(el("div", "special", el("h3", "", "Drinking Contest"), el("p", "", t.contest)));
    rows.push(el("div", "figures", figure("Drink Deck", t.drink_deck), figure("Drink discard", t.drink_discard),
      figure("Inn (net Gold in)", (t.inn > 0 ? "+" : "") + t.inn)));
    if (t.bar_deck !== null && t.bar_deck !== undefined) rows.push(el("p", "", "Bar Deck: " + plural(t.bar_deck, "card", "cards")));
    if (t.prizes) {
      rows.push(el("p", "", "Prizes in the Inn: " + (t.prizes.inn.length ? t.prizes.inn.join(", ") : "none")));
      for (const [who, held] of Object.entries(t.prizes.held || {})) {
        if (held.length) rows.push(el("p", "", who + " holds " + held.join(", ")));
      }
    }
    return rows;
  }

  function drawRdi(view) {
    const t = view.table;
    let top = TRACK_TOP;
    for (const p of t.players) top = Math.max(top, p.fortitude, p.alcohol);
    fill("players", ...t.players.map((p) => rdiPlayer(p, t, top)));
    fill("chain", ...t.chain.slice().reverse().map(rdiChainItem));
    fill("table", ...rdiTable(t));
    document.getElementById("title").append(el("small", "", " · " + (EDITIONS[t.rules] || t.rules)));
    fill("where", "Turn " + t.turn + " · " + t.active + "’s turn: " + (t.phase_name || t.phase) + " phase");
    fill("act", rdiToAct(t));
    question(t.waiting || []);
  }

  // Who the table waits for: the one to act in a Round, the next to respond in step mode, anyone on a chain.
  function rdiToAct(t) {
    if (t.over || t.winner || (t.tie && t.tie.length)) return "";
    const top = t.chain.length ? t.chain[t.chain.length - 1] : null;
    if (top && t.to_decide) return t.to_decide + " to respond to " + top.card + " or pass";
    if (top) return "Anyone may respond to " + top.card + " (then resolve)";
    if (t.round && t.round.to_act) return t.round.to_act + " to act in the Round of Gambling";
    if (t.round) return "Round of Gambling: nobody to act";
    return t.active + " to act (" + (t.phase_name || t.phase) + " phase)";
  }

  function question(lines) {
    const banner = document.getElementById("question");
    banner.replaceChildren(...lines.map((line) => el("span", "", line)));
    banner.hidden = lines.length === 0;
  }

  // --- Three-Dragon Ante: Giants War -------------------------------------------------------

  function tdaPlayer(p, t) {
    const active = p.name === t.turn && t.phase === "play";
    const card = el("article", "player" + (active ? " active" : ""));
    const heading = el("h2", "", el("span", "who", p.name));
    if (p.name === t.leader && t.phase === "play") heading.append(el("span", "character", "leads"));
    if (active) heading.append(el("span", "turn", "▶ to play"));
    card.append(heading);
    card.append(el("div", "figures", figure("Hoard", p.hoard, "gold big"), figure("in hand", p.hand),
      p.hole ? figure("in the hole", p.hole, "danger") : null));
    const side = p.side ? SIDES[p.side] : "for neither stakes";
    card.append(el("div", "flight-total " + (p.side || "neither"), el("span", "value", p.strength),
      el("span", "label", "flight " + side)));
    const flight = el("ol", "flight");
    for (const c of p.flight) {
      const sideNote = c.side ? " · " + SIDES[c.side] : "";
      flight.append(el("li", "kind-" + c.kind, el("span", "card", c.card), el("span", "strength", c.strength),
        sideNote ? el("span", "by", sideNote) : null));
    }
    card.append(p.flight.length ? flight : el("p", "extras", "no flight yet"));
    if (p.anted) card.append(el("p", "extras", "anted " + p.anted));
    return card;
  }

  function tdaTable(t) {
    const rows = [el("div", "figures stakes",
      figure("Dragon Stakes", t.dragon_stakes, "gold big dragons"),
      figure("Giant Stakes", t.giant_stakes, "gold big giants"))];
    if (t.pile) rows.push(el("p", "", "Pile for the winner: " + t.pile));
    if (t.ante.length) {
      rows.push(el("h3", "", "The ante"),
        el("ul", "ante", ...t.ante.map((a) => el("li", "", el("span", "who", a.player + ": "), el("span", "card", a.card),
          el("span", "strength", a.strength)))));
    }
    if (t.in_force.length) rows.push(el("p", "", "In force: " + t.in_force.join(", ")));
    rows.push(el("div", "figures", figure("Main deck", t.main_deck), figure("Legendary deck", t.legendary_deck),
      figure("Discards", t.discard)));
    if (t.endgame.length) rows.push(el("p", "", "Endgame cards left: " + t.endgame.join(", ")));
    return rows;
  }

  function drawTda(view) {
    const t = view.table;
    fill("players", ...t.players.map((p) => tdaPlayer(p, t)));
    fill("chain", ...t.chain.slice().reverse().map((job) => el("li", "play", el("span", "card", job.card || job.kind),
      el("span", "by", (job.player ? job.player + " · " : "") + plural(job.steps_left, "step", "steps") + " to go"))));
    fill("table", ...tdaTable(t));
    let where = "Gambit " + t.gambit;
    if (t.phase === "ante") where += " · ante: " + t.ante.length + " of " + t.players.length + " in";
    else if (t.phase === "scoring") where += " · every round played: time to score";
    else if (t.phase === "play") where += " · Round " + t.round + " · " + t.leader + " leads";  // who plays: below
    fill("where", where);
    let act = "";
    if (t.phase === "play" && !t.over) act = t.turn + " to play";
    else if (t.phase === "ante") {
      const anted = new Set(t.ante.map((a) => a.player));
      act = "To ante: " + names(t.players.filter((p) => !anted.has(p.name)).map((p) => p.name));
    }
    fill("act", act);
    question(t.question ? ["Waiting for an answer: " + t.question] : []);
  }

  // --- Both games ----------------------------------------------------------------------------

  function drawRulings(view) {
    fill("rulings", ...view.rulings.map((r) => el("li", r.verdict,
      el("p", "line", "“" + r.line + "”"),
      ...(r.outcome || [r.message]).map((text, i) => el("p", i ? "outcome" : "message",
        i ? null : el("span", "mark", r.mark), text)),
      r.citations.length ? citations(r.citations) : null)));
  }

  function citations(cites) {
    const list = el("ul", "cites", ...cites.slice(0, SHOWN_CITATIONS).map((c) => el("li", "", c.name)));
    const more = cites.length - SHOWN_CITATIONS;
    if (more > 0) list.append(el("li", "more", "and " + plural(more, "more section", "more sections")));
    return list;
  }

  function drawNotice(view) {
    const notes = [];
    if (view.elsewhere) notes.push(view.elsewhere);
    if (view.notice) notes.push(view.notice);
    if (view.undone && view.undone.length) notes.push("Undone: “" + view.undone[0] + "” (redo puts it back)");
    const notice = document.getElementById("notice");
    notice.textContent = notes.join("  ·  ");
    notice.hidden = notes.length === 0;
    notice.className = "status-" + (view.elsewhere ? "elsewhere" : view.status);
  }

  function setLive(text, cls) {
    const live = document.getElementById("live");
    live.textContent = text;
    live.className = "live " + cls;
  }

  function draw(view) {
    drawNotice(view);
    if (view.status === "unreadable" || view.status === "missing") {
      setLive(view.status === "missing" ? "no such game" : "store locked", "trouble");
      return; // keep the last good picture on screen
    }
    shown = view;
    document.title = "Table view: " + view.title;
    fill("title", GAMES[view.kind] || view.kind, el("small", "", " game " + view.game_id));
    (view.kind === "tda" ? drawTda : drawRdi)(view);
    drawRulings(view);
    document.body.dataset.head = view.head;
    if (view.status === "over") setLive("game over", "over");
    else if (view.elsewhere) setLive("not the game being played", "elsewhere");
    else setLive(view.following ? "live: the game being played" : "live", "ok");
  }

  function connect() {
    const events = new EventSource("events" + query);
    events.onmessage = (message) => draw(JSON.parse(message.data));
    events.onerror = () => {
      setLive(shown ? "reconnecting…" : "connecting…", "trouble");
      // The browser retries a dropped stream by itself, but gives up on an answer such as 503 (busy).
      if (events.readyState === EventSource.CLOSED) setTimeout(connect, RETRY_MS);
    };
  }

  connect();
})();
