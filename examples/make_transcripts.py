"""Write the text transcript of each example call log, as the players would say it.

    .venv/bin/python examples/make_transcripts.py

Each ``gameN_*.calls.jsonl`` becomes ``gameN_*.transcript.jsonl``: the same
moments, each call said in words (« civet de soixante sur une velute »,
« tatan elle fait des flans sur gauvain »), the speaker given as a microphone
would give it. A test replays every transcript through the understanding
layer and checks it scores like its call log. Games with the Tichette's
hidden dice (typed, never said) have no transcript.
"""

from __future__ import annotations

import json
from pathlib import Path

from num2words import num2words

HERE = Path(__file__).resolve().parent
BIRDS = {1: "linotte", 2: "alouette", 3: "fauvette", 4: "mouette", 5: "bergeronnette", 6: "chouette"}
COMBINATIONS = {
    "chouette": "une chouette", "velute": "une velute", "chouette_velute": "une chouette velute",
    "cul_de_chouette": "un cul de chouette", "suite": "une suite", "neant": "un néant",
    "sirop_grelot": "un sirop grelot",
}
#: calls said as they are written (the grammar's own phrasing, seed 000)
PLAIN = {
    "suivant": "suivant", "pas_mou_le_caillou": "pas mou le caillou", "grelotte_ca_picote": "grelotte ça picote",
    "sans_fin": "sans fin est la moisissure des bières bretonnes", "je_sirote": "je sirote",
    "beau_sirop": "beau sirop", "couche_sirop": "couche sirop", "file_sirop": "file sirop",
    "sirop_gagnant": "sirop gagnant", "chante_sloubi": "chante sloubi", "sloubi_reussi": "sloubi réussi",
    "sloubi_rate": "sloubi raté", "patte_de_canard": "patte de canard", "velutee": "velutée",
    "raitournelle": "raitournelle", "poulette": "elle est où la poulette", "rigodon": "rigodon",
    "attrape_oiseau": "attrape oiseau", "contre_sirop": "j'apprécie les fruits au sirop",
    "cul_de_chouette_double": "cul de chouette", "achat": "j'achète", "rachat": "je rachète",
    "graines": "je ne mange pas de graines", "pelican": "pélican", "passe_montagne": "passe montagne",
    "zbradaraldjan": "zbradaraldjan", "mecreant": "mécréant", "miserable": "je suis un misérable",
    "fort_heureusement": "fort heureusement je tiens à préciser que l'incident n'a fait aucune victime",
    "vert_linette": "vert linette", "lance_buches": "lance bûches", "mi_jarret": "mi jarret",
    "bi_jarret": "bi jarret", "jarret_souple": "jarret souple", "charret": "charret",
    "jarret_sifflet": "jarret sifflet", "bjarret": "bjarret",
    "intervalle_paien": "je siffle le cul de chouette en intervalle païen", "unisson": "unisson",
    "petit_intervalle": "un petit intervalle diminué de temps en temps", "a_kadoc": "à kadoc",
    "salsifi": "salsifi", "sganabadarlane": "sganabadarlane", "tichage": "tichage", "excalibur": "excalibur",
}
TARGETED = {
    "grelottine": "grelottine", "lance_civet": "lance civet", "bevue": "bévue", "artichette": "artichette",
    "en_garde": "en garde ma mignonne", "passe_grelot": "passe grelot", "sirop_jeannot": "sirop jeannot",
    "civet_double": "civet doublé", "lance_jarret": "lance jarret", "tatan_flans": "tatan elle fait des flans",
    "lance_flan": "lance flan", "quichage": "quichage", "lance_civet_filoche": "lance civet filoché",
    "civet_filoche_double": "civet filoché doublé", "roi": "le roi",
}
NUMBERED = {"michette": "michette de", "tichette": "tichette de", "bichette": "bichette de",
            "bichette_resine": "bichette résiné de", "quichette": "quichette de", "relance": "je relance de"}


def words(n: int) -> str:
    return num2words(n, lang="fr").replace("-", " ")


def say(call: dict) -> str:
    kind, dice = call["kind"], call.get("dice")
    target = f" sur {call['target'].lower()}" if call.get("target") else ""
    if kind == "chouettes":
        return f"chouettes {words(dice[0])} et {words(dice[1])}"
    if kind == "cul":
        return f"cul {words(dice[0])}"
    if kind == "des":
        return " ".join(words(d) for d in dice)
    if kind == "de":
        return f"dé {words(dice[0])}"
    if kind == "pari_oiseau":
        return BIRDS[call["number"]]
    if kind == "grelottine_mise":
        stake = "max" if call.get("max_stake") else (words(call["number"]) if "number" in call else "")
        if "combination" not in call:
            return stake  # the stake said after the combination, in a second breath
        combination = COMBINATIONS[call["combination"]].split(" ", 1)[1]
        if not stake:
            return f"sur {COMBINATIONS[call['combination']]}"  # the combination alone, the stake to come
        return f"{combination} max" if call.get("max_stake") else f"{combination} de {stake}"
    if kind == "civet":
        return f"civet de {words(call['number'])} sur {COMBINATIONS[call['combination']]}"
    if kind == "civet_filoche":
        return f"civet filoché de {words(call['number'])} sur {COMBINATIONS[call['combination']]}{target}"
    if kind in NUMBERED:
        return f"{NUMBERED[kind]} {words(call['number'])}"
    if kind in TARGETED:
        return TARGETED[kind] + target
    return PLAIN[kind]


def transcript(log: Path) -> list[dict] | None:
    lines = []
    for line in log.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        call = json.loads(line)
        if call.get("hidden"):
            return None
        lines.append({"t": call["t"], "speaker": call["player"], "text": say(call)})
    return lines


def main() -> None:
    for log in sorted(HERE.glob("game*.calls.jsonl")):
        lines = transcript(log)
        out = log.with_name(log.name.replace(".calls.", ".transcript."))
        if lines is None:
            print(f"{log.name}: hidden dice (typed, never said): no transcript")
            continue
        if out.name == "game1_star1.transcript.jsonl":
            continue  # written by hand: speakers named first, table talk, « annule »
        out.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
        print(f"{out.name}: {len(lines)} lines")


if __name__ == "__main__":
    main()
