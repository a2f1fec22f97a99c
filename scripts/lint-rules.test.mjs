// @vitest-environment node
// The lint config holds the apps' and the API's shape: these deliberately bad imports and names must
// be rejected.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleIdsFor(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.map((message) => message.ruleId);
}

// The first lint loads the whole config and parser: slower than vitest's default 5 s on a busy machine.
describe('lint boundaries', { timeout: 60_000 }, () => {
  it('rejects a feature importing a sibling feature', async () => {
    const ids = await ruleIdsFor(
      "import { getCustomers } from '../../customers/api/get-customers';\nexport const load = getCustomers;\n",
      'mfe-admin/src/features/orders/components/orders-extra.tsx',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import its own files and the app lib', async () => {
    const ids = await ruleIdsFor(
      "import { adminQueryKey } from '../../../lib/admin-query-key';\nimport { getAdminOrders } from '../api/get-admin-orders';\nexport const both = [adminQueryKey, getAdminOrders];\n",
      'mfe-admin/src/features/orders/components/orders-extra.tsx',
    );
    expect(ids).not.toContain('import-x/no-restricted-paths');
  });

  it("rejects an app importing another app's source", async () => {
    // The rule judges resolved paths, so the imported file must exist.
    expect(existsSync(`${root}mfe-account/src/app/orders-page.tsx`)).toBe(true);
    const ids = await ruleIdsFor(
      "import OrdersPage from '../../../../../mfe-account/src/app/orders-page';\nexport const page = OrdersPage;\n",
      'mfe-admin/src/features/orders/components/orders-extra.tsx',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it("rejects an API module reading another module's repository or model", async () => {
    for (const imported of ['../orders/repository', '../orders/model']) {
      const ids = await ruleIdsFor(
        `import * as other from '${imported}';\nexport const reach = other;\n`,
        'api/src/modules/proofs/reach-in.ts',
      );
      expect(ids, imported).toContain('import-x/no-restricted-paths');
    }
  });

  it("lets an API module call another module's public face, and platform/", async () => {
    const ids = await ruleIdsFor(
      "import { findOrderById } from '../orders/orders';\nimport { trusted } from '../../platform/db';\nexport const both = [findOrderById, trusted];\n",
      'api/src/modules/proofs/reach-in.ts',
    );
    expect(ids).not.toContain('import-x/no-restricted-paths');
  });

  it('rejects platform/ importing a module', async () => {
    const ids = await ruleIdsFor(
      "import { findOrderById } from '../modules/orders/orders';\nexport const reach = findOrderById;\n",
      'api/src/platform/reach-in.ts',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('rejects a module cycle', async () => {
    const [result] = await eslint.lintFiles(['scripts/lint-fixtures/cycle/first-module.ts']);
    expect(result.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('rejects a file name that is not kebab-case', async () => {
    expect(await ruleIdsFor('export const x = 1;\n', 'mfe-admin/src/lib/AdminFormat.ts')).toContain(
      'file-names/kebab-case',
    );
    expect(
      await ruleIdsFor('export const x = 1;\n', 'mfe-admin/src/lib/admin-format.test.ts'),
    ).not.toContain('file-names/kebab-case');
  });
});
