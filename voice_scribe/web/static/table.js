// The table's page: each picture of the table (server-sent events from /flux) redraws it.
"use strict";

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawPlayers(players) {
  const body = document.getElementById("joueurs");
  body.replaceChildren(...players.map((p) => {
    const row = element("tr", (p.next ? "suivant " : "") + (p.eliminated ? "elimine" : ""));
    row.dataset.joueur = p.name;
    row.append(
      element("td", "marque", p.next ? "▶" : (p.eliminated ? "✝" : "")),
      element("td", "nom", p.name),
      element("td", "points", String(p.score)),
      element("td", "possede", p.holdings.join(", ")),
    );
    return row;
  }));
}

function drawVerdicts(lines) {
  document.getElementById("derniers-verdicts").replaceChildren(...lines.slice(0, 4).map((line) => {
    const item = element("li", "verdict", line.text);
    item.title = line.stamp;
    return item;
  }));
}

function drawHeard(lines) {
  document.getElementById("dernieres-annonces").replaceChildren(...lines.slice(0, 6).map((line) => {
    const item = element("li", "annonce");
    item.append(element("span", "quand", line.stamp), element("span", "qui", line.who),
                element("span", "dit", line.text));
    return item;
  }));
}

function draw(picture) {
  // the answer to /etat may come after a newer picture of /flux: an older picture never draws over a newer one
  if ((picture.version || 0) < Number(document.body.dataset.version || 0)) return;
  drawPlayers(picture.players || []);
  drawVerdicts(picture.verdicts || []);
  drawHeard(picture.heard || []);
  document.getElementById("attendu").textContent = picture.waiting || "—";
  document.getElementById("ligne-attente").hidden = !picture.waiting;
  document.getElementById("des").textContent = picture.throw || "";
  document.getElementById("en-attente").replaceChildren(...(picture.awaited || []).map((line) => element("li", "", line)));
  document.getElementById("horloge").textContent = picture.clock || "";
  const winner = document.getElementById("vainqueur");
  winner.hidden = !picture.winner;
  const best = (picture.players || []).find((player) => player.name === picture.winner);
  const points = best ? " avec " + best.score + (Math.abs(best.score) < 2 ? " point" : " points") : "";
  winner.textContent = picture.winner ? picture.winner + " gagne la partie" + points + " !" : "";
  document.getElementById("pause").hidden = !picture.paused;
  document.getElementById("dessin-courbe").innerHTML = picture.curve_svg || "";
  const notices = picture.notices || [];
  document.getElementById("avis").hidden = notices.length === 0;
  document.getElementById("messages").replaceChildren(...notices.map((n) => element("li", "", n)));
  document.body.dataset.version = String(picture.version || 0);
}

function connect() {
  const status = document.getElementById("liaison");
  const stream = new EventSource("/flux");
  stream.onopen = () => { status.textContent = "en direct"; status.className = ""; };
  stream.onmessage = (message) => draw(JSON.parse(message.data));
  stream.onerror = () => { status.textContent = "connexion perdue, nouvel essai…"; status.className = "hors-ligne"; };
}

fetch("/etat").then((r) => r.json()).then((p) => { if (p.players) draw(p); }).catch(() => {});
connect();
