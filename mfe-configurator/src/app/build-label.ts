// webpack replaces process.env.SHOP_BUILD_LABEL with the label given to `npm run release` at build
// time (README "Releasing a remote"), so a team can tell its releases apart on the page; empty
// otherwise, and nothing is shown.
declare const process: { env: { SHOP_BUILD_LABEL?: string } };

export const BUILD_LABEL: string = process.env.SHOP_BUILD_LABEL ?? '';
