// Names every styled component of the shell (and of the kit it bundles) after its file and place, for
// the browser build (a webpack loader) and the prerender bundle (scripts/prerender.mjs) alike.
// Unnamed, styled-components numbers components in the order their modules run, which differs between
// the two bundles, and the prerendered page's class names would not be the browser's (shell/README.md).
const { createHash } = require('node:crypto');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');
/** `styled.div` or `styled(Link)`, not a property named styled (`x.styled`). */
const STYLED = /(?<![\w$.])styled(?:\.([A-Za-z][\w]*)|\()/g;

/** The source with `.withConfig({ componentId })` after each `styled.tag` and `styled(Component)`. */
function addComponentIds(source, file) {
  const relative = path.relative(repoRoot, file).split(path.sep).join('/');
  const prefix = `sc-${createHash('sha256').update(relative).digest('hex').slice(0, 8)}`;
  let out = '';
  let from = 0;
  let index = 0;
  for (const match of source.matchAll(STYLED)) {
    if (match.index < from) continue;
    let end = match.index + match[0].length;
    if (!match[1]) {
      // styled( ... ): up to the parenthesis that closes it.
      let depth = 1;
      while (end < source.length && depth > 0) {
        if (source[end] === '(') depth += 1;
        else if (source[end] === ')') depth -= 1;
        end += 1;
      }
    }
    if (source.startsWith('.withConfig', end)) continue;
    out += `${source.slice(from, end)}.withConfig({ componentId: '${prefix}-${index}' })`;
    index += 1;
    from = end;
  }
  return out + source.slice(from);
}

/** The webpack loader. */
function styledIdsLoader(source) {
  return addComponentIds(source, this.resourcePath);
}

module.exports = styledIdsLoader;
module.exports.addComponentIds = addComponentIds;
