// webpack replaces process.env.NODE_ENV with the build mode; nothing else from process reaches the page.
declare const process: { env: { NODE_ENV?: 'production' | 'development' | 'test' } };
