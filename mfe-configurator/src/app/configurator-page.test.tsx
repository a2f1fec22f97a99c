import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { collectToasts, json, stubApi, renderPage } from '@shop/ui/testing';
import ConfiguratorPage from './configurator-page';
import { addedToCart, freshShopForEachTest } from '../testing/configurator-page';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';

// Whole-page tests in jsdom (styled-components, many fields) are slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const HASH = 'a'.repeat(64);
const PRICE_5_20 = { unitPrice: 5.2, subtotal: 5.2, total: 5.2, area: 6 };

freshShopForEachTest();

function openConfigurator() {
  const user = userEvent.setup({ delay: null });
  renderPage(<ConfiguratorPage />, { path: '/products' });
  return user;
}

async function chooseMaterial(user: ReturnType<typeof userEvent.setup>, name: RegExp = /Phenolic/) {
  await user.click(screen.getByRole('radio', { name }));
}

describe('material gating', () => {
  it('shows only the materials (and the literature) until one is chosen, then everything else', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Configure Your Custom Label' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: /Indoor/ })).not.toBeChecked();
    // The rates add up to the price: the setup each label costs is said with them.
    expect(screen.getByText(/A label costs \$2\.00 to set up, plus its area/)).toBeInTheDocument();
    for (const hidden of [/Width/, /Height/, /Text to engrave/, /Quantity/]) {
      expect(screen.queryByLabelText(hidden)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Order Summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('label-preview')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose files to upload')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Literature' })).toBeInTheDocument();

    await chooseMaterial(user);

    expect(screen.getByRole('radio', { name: /Phenolic/ })).toBeChecked();
    expect(screen.getByLabelText('Width (inches)')).toBeInTheDocument();
    expect(screen.getByLabelText('Height (inches)')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Colours/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Mounting/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Text to engrave')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose files to upload')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order Summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });

  it('keeps the session id on the page root for the shell', () => {
    stubApi({});
    const { container } = renderPage(<ConfiguratorPage />, { path: '/products' });
    const root = container.querySelector('[data-remote="configurator"]');
    expect(root).toHaveAttribute('data-session-id', useShopStore.getState().sessionId);
  });
});

describe('preview', () => {
  it('shows SAMPLE TEXT until text is typed, in the chosen colours, with the colour name', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);

    const preview = screen.getByTestId('label-preview');
    expect(within(preview).getByTestId('label-preview-text')).toHaveTextContent('SAMPLE TEXT');
    expect(within(preview).getByText('Black/White')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Text to engrave'), 'PUMP 3');
    expect(within(preview).getByTestId('label-preview-text')).toHaveTextContent('PUMP 3');

    await user.click(screen.getByRole('radio', { name: 'Yellow/Black' }));
    expect(within(preview).getByText('Yellow/Black')).toBeInTheDocument();
    expect(within(preview).getByTestId('label-preview-plate')).toHaveAttribute('fill', '#facc15');
    expect(within(preview).getByTestId('label-preview-text')).toHaveAttribute('fill', '#111111');

    await user.clear(screen.getByLabelText('Text to engrave'));
    expect(within(preview).getByTestId('label-preview-text')).toHaveTextContent('SAMPLE TEXT');
  });
  it('draws the label from the proof layout: holes at the corners, and a warning when the text is too small', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    const preview = screen.getByTestId('label-preview');

    await user.click(screen.getByRole('radio', { name: /Mounting holes/ }));
    expect(preview.querySelectorAll('circle')).toHaveLength(4);
    expect(within(preview).queryByRole('status')).not.toBeInTheDocument();

    const width = screen.getByLabelText('Width (inches)');
    const height = screen.getByLabelText('Height (inches)');
    await user.clear(width);
    await user.type(width, '0.75');
    await user.clear(height);
    await user.type(height, '0.75');
    await user.type(screen.getByLabelText('Text to engrave'), 'DANGER 480 VOLTS');
    // A label this small has one hole at each end, and this text would be too small to read.
    expect(preview.querySelectorAll('circle')).toHaveLength(2);
    // The pinned preview flags it in one line; the text field explains it, with what to do.
    expect(within(preview).getByTestId('label-preview-too-small')).toHaveTextContent(
      /^Text too small to engrave legibly$/,
    );
    const explained = screen.getByTestId('custom-text-too-small');
    expect(explained).toHaveAttribute('role', 'status');
    expect(explained).toHaveTextContent(
      /^Text too small to engrave legibly: capital letters would be 0\.\d{3}″ high, the minimum is 0\.125″\. Shorten the text, use fewer lines or choose a larger label\.$/,
    );
    expect(screen.getByLabelText('Text to engrave')).toHaveAccessibleDescription(
      expect.stringContaining('capital letters would be'),
    );
  });
});

describe('codes', () => {
  it('advises, by the code fields, that a light code on a dark plate may not scan', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    expect(screen.queryByTestId('inverted-code-advice')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Code'), 'qrcode');
    expect(screen.getByTestId('inverted-code-advice')).toHaveTextContent(
      /light on a dark plate: phone cameras read it, many handheld barcode scanners do not/,
    );
    await user.click(screen.getByRole('radio', { name: 'White/Black' }));
    expect(screen.queryByTestId('inverted-code-advice')).not.toBeInTheDocument();
  });
});

describe('the price waiting for another field', () => {
  it('says which field to complete, not to enter a size, when the size and quantity are fine', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    await waitFor(() => expect(screen.getByTestId('total-price')).toHaveTextContent('$5.20'));

    // A QR code with nothing yet to encode.
    await user.selectOptions(screen.getByLabelText('Code'), 'qrcode');
    await waitFor(() => expect(screen.getByTestId('total-price')).toHaveTextContent('$0.00'));
    const summary = screen.getByTestId('order-summary');
    expect(summary).toHaveTextContent(/To see your price: .+\./);
    expect(summary).not.toHaveTextContent('Enter a size of at least 0.75 inches');
    expect(screen.getByTestId('price-bar')).toHaveTextContent('$0.00Complete the label');
  });
});

describe('quantity', () => {
  it('cannot go below 1: minus is disabled at 1', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);

    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    expect(quantity).toHaveValue('1');
    expect(minus).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue('2');
    expect(minus).toBeEnabled();

    await user.click(minus);
    expect(quantity).toHaveValue('1');
    expect(minus).toBeDisabled();
  });

  it('Enter in the quantity takes the number and adds nothing to the cart', async () => {
    const calls = stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '50{Enter}');
    expect(quantity).toHaveValue('50');
    expect(quantity).toHaveFocus();
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST /api/calculate-price').at(-1)?.body).toMatchObject(
        { quantity: 50 },
      ),
    );
    expect(calls.some((c) => c.key === 'POST /api/cart')).toBe(false);
    // Emptied, Enter puts 1 back rather than adding anything.
    await user.clear(quantity);
    await user.type(quantity, '{Enter}');
    expect(quantity).toHaveValue('1');
    expect(calls.some((c) => c.key === 'POST /api/cart')).toBe(false);
  });

  it('gives a word to a quantity that is not a number or more than a line holds, pointing to a quote', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    expect(quantity).toHaveAccessibleDescription('Up to 10,000 per line. More? Ask for a quote');
    expect(screen.getByRole('link', { name: 'Ask for a quote' })).toHaveAttribute(
      'href',
      '/contact#send-message',
    );

    await user.clear(quantity);
    await user.type(quantity, 'abc');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(
      expect.stringContaining('Quantity must be a number'),
    );
    expect(screen.getByTestId('total-price')).toHaveTextContent('$0.00');

    await user.clear(quantity);
    await user.type(quantity, '100000');
    expect(quantity).toHaveAccessibleDescription(
      expect.stringContaining('A line holds at most 10,000 labels. For more, ask us for a quote.'),
    );
    expect(screen.getByTestId('total-price')).toHaveTextContent('$0.00');
    expect(screen.getByText('Correct the quantity to see your price.')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '10000');
    expect(quantity).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });
});

describe('price', () => {
  it('shows the server’s price for the configuration', async () => {
    const calls = stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    await user.click(screen.getByRole('radio', { name: /Adhesive/ }));

    const lastPriced = () =>
      calls.filter((c) => c.key === 'POST /api/calculate-price').at(-1)?.body;
    await waitFor(() => expect(lastPriced()).toMatchObject({ mounting: 'adhesive' }));
    await waitFor(() => expect(screen.getByTestId('total-price')).toHaveTextContent('$5.20'));
    expect(screen.getByTestId('unit-price')).toHaveTextContent('$5.20');
    // The phone's price bar shows the same price (it stays in view while configuring).
    expect(screen.getByTestId('price-bar-total')).toHaveTextContent('$5.20');
    expect(screen.getByTestId('price-bar')).toHaveTextContent('1 × $5.20');
    // The production time as the shop states it everywhere (docs/product.md): "3-5".
    expect(
      screen.getByText(
        'Made to order in 3-5 business days. Shipping and tax are worked out at checkout.',
      ),
    ).toBeInTheDocument();
    expect(lastPriced()).toEqual({
      ...SAMPLE_PRODUCT_CONFIG,
      customText: '',
      quantity: 1,
      files: [],
    });
  });

  it('asks once the shopper pauses, not on every keystroke, keeping the last price on screen meanwhile', async () => {
    let answer = PRICE_5_20;
    const calls = stubApi({ 'POST /api/calculate-price': () => json(answer) });
    const user = openConfigurator();
    await chooseMaterial(user);
    await waitFor(() => expect(screen.getByTestId('total-price')).toHaveTextContent('$5.20'));
    const before = calls.length;
    answer = { unitPrice: 7.4, subtotal: 7.4, total: 7.4, area: 10 };

    const width = screen.getByLabelText('Width (inches)');
    fireEvent.change(width, { target: { value: '4' } });
    fireEvent.change(width, { target: { value: '4.5' } });
    fireEvent.change(width, { target: { value: '5' } });
    expect(screen.getByTestId('total-price')).toHaveTextContent('$5.20');
    expect(screen.getByText('Updating price…')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByTestId('total-price')).toHaveTextContent('$7.40'));
    const later = calls.slice(before);
    expect(later).toHaveLength(1);
    expect(later[0]!.body).toMatchObject({ width: 5 });
  });

  it.each([
    ['the width is under 0.75', 'Width (inches)', '0.5', 'Correct the size'],
    ['the height is under 0.75', 'Height (inches)', '0.7', 'Correct the size'],
    ['the width is over 9', 'Width (inches)', '9.01', 'Correct the size'],
    ['the width is between steps of 0.01', 'Width (inches)', '1.005', 'Correct the size'],
    ['the width is missing', 'Width (inches)', '', 'Choose a size and quantity'],
    ['the height is missing', 'Height (inches)', '', 'Choose a size and quantity'],
    ['the quantity is missing', 'Quantity', '', 'Choose a size and quantity'],
  ])('resets to zeros when %s, and comes back when fixed', async (_case, label, value, waiting) => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    await waitFor(() => expect(screen.getByTestId('total-price')).toHaveTextContent('$5.20'));

    const field = screen.getByLabelText(label);
    const before = (field as HTMLInputElement).value;
    await user.clear(field);
    if (value) await user.type(field, value);
    expect(screen.getByTestId('unit-price')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('total-price')).toHaveTextContent('$0.00');
    // The phone's bar shows the zeros without a price each, and says what it waits for; so does the
    // summary, and a size typed as it may not be is never shown rounded to one that may.
    expect(screen.getByTestId('price-bar')).toHaveTextContent(`$0.00${waiting}`);
    expect(screen.getByTestId('order-summary')).toHaveTextContent(
      waiting === 'Correct the size'
        ? 'Correct the size to see your price.'
        : 'Enter a size of at least 0.75 inches and a quantity to see your price.',
    );
    if (value === '1.005') expect(screen.getByTestId('order-summary')).toHaveTextContent('1.005″');

    await user.clear(field);
    await user.type(field, before);
    await waitFor(() => expect(screen.getByTestId('total-price')).toHaveTextContent('$5.20'));
  });

  it('shows the quantity breaks with the shopper’s tier marked and what the next one saves', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    await user.click(screen.getByRole('radio', { name: /Adhesive/ }));

    const table = screen.getByRole('table', { name: 'Volume pricing' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1–9 (your quantity)—$5.20',
      '10–245% off$4.94',
      '25–4910% off$4.68',
      '50–9915% off$4.42',
      '100+20% off$4.16',
    ]);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('quantity-nudge')).toHaveTextContent(
      'Order 9 more (10 in total) to save 5% on every label: $4.94 each instead of $5.20.',
    );
  });
});

describe('upload', () => {
  function fileInput() {
    return screen.getByLabelText('Choose files to upload') as HTMLInputElement;
  }

  function choose(files: File[]) {
    // fireEvent, not userEvent.upload: the latter drops files the accept attribute excludes.
    fireEvent.change(fileInput(), { target: { files } });
  }

  it.each([
    [
      'an unsupported type',
      [new File(['x'], 'tool.exe')],
      'File "tool.exe": Unsupported file type. Please use PDF, Excel, Word, or image files.',
    ],
    ['an empty file', [new File([], 'blank.pdf')], 'File "blank.pdf": File appears to be empty.'],
    [
      'more than five files',
      Array.from({ length: 6 }, (_, i) => new File(['x'], `${i}.png`)),
      'You can upload a maximum of 5 files at once.',
    ],
    ['no file', [], 'Please select at least one file to upload.'],
  ])('refuses %s before sending, in a File Upload Error toast', async (_case, files, message) => {
    const calls = stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    const toasts = collectToasts();

    choose(files);

    expect(toasts).toEqual([
      expect.objectContaining({
        title: 'File Upload Error',
        description: message,
        variant: 'destructive',
      }),
    ]);
    expect(calls.some((c) => c.key === 'POST /api/upload')).toBe(false);
  });

  it('refuses a file over 10MB with its size', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    const toasts = collectToasts();
    const big = new File(['x'], 'drawing.pdf');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });

    choose([big]);

    expect(toasts[0]).toMatchObject({
      title: 'File Upload Error',
      description: 'File "drawing.pdf": File size (11.00MB) exceeds the 10MB limit.',
    });
  });

  it('sends the files as multipart "files" and adds what the server kept to the label', async () => {
    const calls = stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/upload': () =>
        json({
          message: '1 file uploaded successfully',
          errors: [],
          files: [{ filename: `${HASH}.png`, originalName: 'logo.png' }],
        }),
      'POST /api/cart': () => json({}, 201),
      'GET /api/cart': () =>
        json({
          items: [],
          itemCount: 1,
          subtotal: 5.2,
          total: 5.2,
          discount: null,
          tax: { region: null, amount: 0 },
        }),
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    const toasts = collectToasts();

    choose([new File(['png'], 'logo.png', { type: 'image/png' })]);

    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: 'Files Uploaded Successfully',
          description: '1 file uploaded successfully',
        }),
      ]),
    );
    const sent = calls.find((c) => c.key === 'POST /api/upload')!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['logo.png']);
    expect(
      within(screen.getByRole('list', { name: 'Uploaded files' })).getByText('logo.png'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/cart')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/cart')!.body).toMatchObject({
      files: [{ hashedName: `${HASH}.png`, originalName: 'logo.png' }],
    });
  });

  it('keeps the focus in the list when a file is removed, then on the file chooser when none is left', async () => {
    stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/upload': () =>
        json({
          message: '2 files uploaded successfully',
          errors: [],
          files: [
            { filename: `${HASH}.png`, originalName: 'logo.png' },
            { filename: `${'b'.repeat(64)}.pdf`, originalName: 'drawing.pdf' },
          ],
        }),
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    choose([
      new File(['png'], 'logo.png', { type: 'image/png' }),
      new File(['%PDF'], 'drawing.pdf', { type: 'application/pdf' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove logo.png' }));
    expect(screen.getByRole('button', { name: 'Remove drawing.pdf' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove drawing.pdf' }));
    expect(screen.queryByRole('list', { name: 'Uploaded files' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose files to upload')).toHaveFocus();
  });

  it('draws the uploaded image on the label where the proof draws it, and says which files it does not show', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => {} }),
    );
    stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/upload': () =>
        json({
          message: '2 files uploaded successfully',
          errors: [],
          files: [
            { filename: `${'b'.repeat(64)}.pdf`, originalName: 'drawing.pdf' },
            { filename: `${HASH}.png`, originalName: 'logo.png' },
          ],
        }),
      [`GET /api/uploads/${HASH}.png`]: () =>
        new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    choose([
      new File(['%PDF'], 'drawing.pdf', { type: 'application/pdf' }),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    ]);
    const preview = screen.getByTestId('label-preview');
    await waitFor(() =>
      expect(within(preview).getByTestId('label-preview-artwork')).toHaveAttribute(
        'data-state',
        'shown',
      ),
    );
    expect(preview.querySelector('image')).toHaveAttribute('href', 'blob:logo');
    expect(preview).toHaveAccessibleName('Preview: no text, with logo.png, Black/White');
    expect(screen.getByTestId('label-preview-not-drawn')).toHaveTextContent(
      'Not drawn on the label: “drawing.pdf”.',
    );
  });

  it('says so when the uploaded image cannot be shown', async () => {
    stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/upload': () =>
        json({
          message: '1 file uploaded successfully',
          errors: [],
          files: [{ filename: `${HASH}.png`, originalName: 'logo.png' }],
        }),
      [`GET /api/uploads/${HASH}.png`]: () => json({ message: 'Upload not found' }, 404),
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    choose([new File(['png'], 'logo.png', { type: 'image/png' })]);
    expect(await screen.findByTestId('label-preview-artwork-failed')).toHaveTextContent(
      '“logo.png” cannot be shown in the preview. It stays with your label, and we check it before engraving.',
    );
    expect(screen.getByTestId('label-preview-artwork')).toHaveAttribute('data-state', 'failed');
  });

  it('shows one Upload Failed toast per server error line', async () => {
    stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/upload': () =>
        json(
          {
            message: 'No files were uploaded',
            errors: [
              { path: 'files.0', message: 'File "a.png": File content does not match its type.' },
              { path: 'files.1', message: 'File "b.pdf": File content does not match its type.' },
            ],
          },
          415,
        ),
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    const toasts = collectToasts();

    choose([new File(['x'], 'a.png'), new File(['y'], 'b.pdf')]);

    // One at a time (the page shows one): the next once the one before has closed.
    await waitFor(() => expect(toasts).toHaveLength(1));
    act(() => useShopStore.getState().dismissToast(toasts[0]!.id));
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts).toEqual([
      expect.objectContaining({
        title: 'Upload Failed',
        description: 'File "a.png": File content does not match its type.',
        variant: 'destructive',
      }),
      expect.objectContaining({
        title: 'Upload Failed',
        description: 'File "b.pdf": File content does not match its type.',
        variant: 'destructive',
      }),
    ]);
  });

  it('shows the success, then each file refused, in turn; a later toast ends the turn', async () => {
    stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/upload': () =>
        json({
          message: '1 file of 3 uploaded successfully.',
          errors: [
            { path: 'files.0', message: 'File "a.png": File content does not match its type.' },
            { path: 'files.1', message: 'File "b.jpg": File content does not match its type.' },
          ],
          files: [{ filename: `${HASH}.txt`, originalName: 'ok.txt' }],
        }),
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    const toasts = collectToasts();
    choose([new File(['x'], 'a.png'), new File(['y'], 'b.jpg'), new File(['z'], 'ok.txt')]);

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({
      title: 'Files Uploaded Successfully',
      description: '1 file of 3 uploaded successfully.',
    });
    act(() => useShopStore.getState().dismissToast(toasts[0]!.id));
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts[1]).toMatchObject({
      title: 'Upload Failed',
      description: expect.stringContaining('a.png'),
    });
    // Another action's toast takes the place: the rest of the turn is not shown over it.
    act(() => void useShopStore.getState().toast({ title: 'Added to Cart' }));
    act(() => useShopStore.getState().dismissToast(toasts[2]!.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toasts.map((t) => t.title)).toEqual([
      'Files Uploaded Successfully',
      'Upload Failed',
      'Added to Cart',
    ]);
  });

  it('falls back to the server message, then to "Upload failed"', async () => {
    let answer = json({ message: 'Too many files' }, 400);
    stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/upload': () => answer,
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    const toasts = collectToasts();

    choose([new File(['x'], 'a.png')]);
    await waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({
        title: 'Upload Failed',
        description: 'Too many files',
      }),
    );

    answer = new Response('', { status: 502, statusText: 'Bad Gateway' });
    await waitFor(() => expect(screen.getByLabelText('Choose files to upload')).toBeEnabled());
    choose([new File(['x'], 'a.png')]);
    await waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({ title: 'Upload Failed', description: 'Upload failed' }),
    );
  });
});

describe('add to cart', () => {
  it('adds the label in one call, says so, and updates the cart summary in the store from its answer', async () => {
    const calls = stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/cart': addedToCart,
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    await user.click(screen.getByRole('radio', { name: /Adhesive/ }));
    const toasts = collectToasts();

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    await waitFor(() =>
      expect(useShopStore.getState().cart).toEqual({ itemCount: 1, subtotal: 5.2, total: 5.2 }),
    );
    expect(toasts).toEqual([
      expect.objectContaining({
        title: 'Added to Cart',
        description: 'Your custom sign has been added to the cart.',
      }),
    ]);
    expect(calls.find((c) => c.key === 'POST /api/cart')!.body).toEqual({
      ...SAMPLE_PRODUCT_CONFIG,
      customText: '',
      quantity: 1,
      files: [],
    });
    expect(calls.filter((c) => c.key.endsWith(' /api/cart'))).toHaveLength(1);
  });

  it('says it failed when the server refuses', async () => {
    stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/cart': () => json({ message: 'boom' }, 500),
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    const toasts = collectToasts();

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: 'Error',
          description: 'Failed to add item to cart. Please try again.',
          variant: 'destructive',
        }),
      ]),
    );
    expect(useShopStore.getState().cart.itemCount).toBe(0);
  });

  it("says why the server refused the line when trying again cannot help: a series' numbers another line engraves", async () => {
    const reason =
      'Line 1 of your cart already engraves PUMP 2001: a label is engraved once in an order. Start this series after it, or remove that line.';
    stubApi({
      'POST /api/calculate-price': () => json(PRICE_5_20),
      'POST /api/cart': () => json({ message: reason }, 409),
    });
    const user = openConfigurator();
    await chooseMaterial(user);
    const toasts = collectToasts();

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: 'Not added to the cart',
          description: reason,
          variant: 'destructive',
        }),
      ]),
    );
  });

  it('checks the label first and shows what to correct next to the fields, without calling the API', async () => {
    const calls = stubApi({ 'POST /api/calculate-price': () => json(PRICE_5_20) });
    const user = openConfigurator();
    await chooseMaterial(user);
    await user.clear(screen.getByLabelText('Width (inches)'));
    await user.type(screen.getByLabelText('Width (inches)'), '12');

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    const width = screen.getByLabelText('Width (inches)');
    expect(width).toHaveAttribute('aria-invalid', 'true');
    expect(width).toHaveAccessibleDescription(
      expect.stringContaining('Width must be at most 9 inches'),
    );
    expect(width).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields');
    expect(calls.some((c) => c.key === 'POST /api/cart')).toBe(false);
  });
});
