import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkStackPorts, freeStackPorts } from './stack.mjs';

describe('the stack’s ports (npm start checks them before building)', () => {
  it('names the port in use and its variable; the database’s counts only without MONGODB_URI', async () => {
    const env = await freeStackPorts();
    expect((await checkStackPorts(env)).SHELL_PORT).toBe(Number(env.SHELL_PORT));

    const busy = net.createServer();
    await new Promise((resolve) => busy.listen(Number(env.ADMIN_PORT), '127.0.0.1', resolve));
    try {
      await expect(checkStackPorts(env)).rejects.toThrow(
        `Port ${env.ADMIN_PORT} is in use; set ADMIN_PORT to another port (or stop what is using it).`,
      );
      const database = { ...(await freeStackPorts()), FERRETDB_PORT: env.ADMIN_PORT };
      await expect(checkStackPorts(database)).rejects.toThrow(/set FERRETDB_PORT/);
      await expect(
        checkStackPorts({ ...database, MONGODB_URI: 'mongodb://10.0.0.20:27017/shop' }),
      ).resolves.toMatchObject({ FERRETDB_PORT: Number(env.ADMIN_PORT) });
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
