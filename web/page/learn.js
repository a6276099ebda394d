// Learning a game: its rules in plain words beside the board (the library's rules text,
// with the paragraph of each option on), and the example games of each family, each
// opened by one click.

const $ = (id) => document.getElementById(id);

/**
 * Shows the rules text the library gives for the game being played: a paragraph or a
 * list item a line, wrapped by the page; indented lines (a picture of the board, a
 * table) kept as written, in a fixed font.
 */
export function showRules(text) {
  const box = $('rules-text');
  box.replaceChildren();
  let picture = null;
  for (const line of text.trimEnd().split('\n')) {
    if (line.startsWith(' ')) {
      if (!picture) {
        picture = document.createElement('pre');
        box.append(picture);
      } else picture.textContent += '\n';
      picture.textContent += line;
      continue;
    }
    picture = null;
    if (!line.trim()) continue;
    const p = document.createElement('p');
    p.textContent = line;
    if (/^(- |\* |\d{1,3}\. )/.test(line)) p.className = 'item';
    box.append(p);
  }
}

/**
 * Lists the examples by family (`families`: `[{name, files}]` as build.mjs writes it;
 * `titles`: file -> title); `open(file)` plays one.
 */
export function showFamilies(families, titles, open) {
  const box = $('families');
  box.replaceChildren();
  for (const family of families) {
    const section = document.createElement('section');
    const heading = document.createElement('h3');
    heading.textContent = family.name;
    const list = document.createElement('ul');
    for (const file of family.files) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'link';
      button.textContent = titles.get(file) ?? file;
      button.dataset.example = file;
      button.addEventListener('click', () => open(file));
      item.append(button);
      list.append(item);
    }
    section.append(heading, list);
    box.append(section);
  }
}
