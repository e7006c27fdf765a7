// A game's variants in words, as the room describes them (/api/games: homegame's declarations), for
// every page that names one: the lobby's form and the table's line and picker.

/** The variant ``name`` of ``game`` (an /api/games entry): its name, label and what it changes; its
 * name for a label where the game is not known. */
export function variantOf(game, name) {
  const found = game && game.variants.find((variant) => variant.name === name);
  return found || { name, label: name, text: "" };
}
