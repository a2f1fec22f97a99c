import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorMessage, apiErrorStatus, toast } from 'shell/store';
import { fromLarge, parseQuantity, theme } from '@shop/ui';
import { useAddToCart } from '../api/add-to-cart';
import { useCartLine, useReplaceCartLine } from '../api/replace-cart-line';
import { configuratorSchemas, useConfiguratorSchemas } from '../api/configurator-schemas';
import {
  draftFromCartLine,
  initialLabelDraft,
  priceableConfiguration,
  toConfigurationInput,
  validateForCart,
  type FieldErrors,
  type LabelDraft,
  type LabelField,
} from '../label-draft';
import { useLivePrice } from '../use-live-price';
import { ColorPicker } from './color-picker';
import { CustomTextField } from './custom-text-field';
import { FileUpload } from './file-upload';
import {
  LabelPreview,
  previewLayout,
  textTooSmallMessage,
  type PreviewLayout,
  TOO_SMALL_ADVICE,
} from '@shop/ui/label-preview';
import { useCodeSymbols } from '@shop/ui/code-symbols';
import { engravedArtworkOf } from '@shop/contracts/label-layout';
import { useArtworkImage } from '../api/get-artwork-image';
import { MaterialPicker } from './material-picker';
import { MountingPicker } from './mounting-picker';
import { OrderSummary } from './order-summary';
import { PriceBar } from './price-bar';
import { SizeFields } from './size-fields';
import { clearsPreviewDock, PreviewDock, showFocusedLabel } from './preview-dock';
import { AssetTagsSection } from './asset-tags-section';
import { LabelPicker } from './label-picker';
import { useSheetCheck, useSheetPage } from '../api/label-sheets';
import { labelLayout } from '@shop/contracts/label-layout';
import { fitCode } from '@shop/contracts/label-codes';
import { rowLabel, seriesLabel, widestSeriesIndex } from '@shop/contracts/asset-tag-terms';

// Large screens: the steps, and beside them the summary (before a material is chosen, the hint in
// its place), so choosing the first material moves nothing under the pointer.
const Form = styled.form`
  display: grid;
  gap: 1.25rem;
  align-items: start;
  ${fromLarge} {
    grid-template-columns: minmax(0, 1fr) 22rem;
    gap: 1.5rem;
  }
`;

const Steps = styled.div`
  display: grid;
  gap: 1.25rem;
  min-width: 0;
  ${clearsPreviewDock}
`;

const StartHint = styled.p`
  margin: 0;
  padding: 1rem 1.25rem;
  border: 1px dashed ${theme.colors.borderStrong};
  border-radius: ${theme.radius};
  color: ${theme.colors.muted};
  text-align: center;
`;

const EditNote = styled.p`
  margin: 0;
  padding: 0.875rem 1.25rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.sunken};
  a {
    margin-left: 0.5rem;
    color: ${theme.colors.brand};
    font-weight: 600;
  }
`;

// Below the pinned preview, in the page's flow: which label of a series it draws, its code, and the
// files it does not draw.
const PreviewControls = styled.div`
  display: grid;
  gap: 0.5rem;
  padding: 0 0.25rem;
`;

const PreviewNote = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${theme.colors.muted};
  overflow-wrap: anywhere;
  code {
    color: ${theme.colors.ink};
  }
`;

const PreviewWarning = styled(PreviewNote)`
  color: ${theme.colors.danger};
`;

type Validation = ReturnType<typeof validateForCart>;

/** The text and code value of the label the preview draws. */
function pickedLabel(
  draft: LabelDraft,
  validation: Validation,
  index: number,
  page: { from: number; rows: { cells: string[] }[] } | undefined,
): { text: string; codeValue: string | null } {
  const code = draft.codeType === 'none' ? null : draft.codeValue;
  if (draft.mode === 'rows') {
    const row = page?.rows[index - page.from];
    if (!row) return { text: '', codeValue: null };
    const label = rowLabel(row.cells, {
      textColumns: draft.textColumns,
      codeColumn: draft.codeType === 'none' ? null : draft.codeColumn,
    });
    return { text: label.text, codeValue: label.codeValue || null };
  }
  if (draft.mode === 'series') {
    const configuration = validation.ok ? validation.configuration : null;
    if (configuration?.series) {
      return seriesLabel(
        { customText: draft.customText, series: configuration.series, code: configuration.code },
        index,
      );
    }
  }
  return { text: draft.customText, codeValue: code || null };
}

/**
 * Why a series' widest label (widestSeriesIndex: its text is set smallest) cannot be engraved legibly
 * when the preview draws another, or null.
 */
function widestTooSmall(
  draft: LabelDraft,
  validation: Validation,
  count: number,
  shownIndex: number,
  layoutOf: (customText: string) => PreviewLayout,
): string | null {
  const series = draft.mode === 'series' && validation.ok ? validation.configuration.series : null;
  if (!series) return null;
  const widest = widestSeriesIndex(series, count);
  if (widest === shownIndex) return null;
  const { text } = seriesLabel({ customText: draft.customText, series, code: null }, widest);
  const named =
    text
      .split('\n')
      .find((piece) => piece.trim() !== '')
      ?.trim() ?? '';
  return textTooSmallMessage(layoutOf(text), text, `label ${widest + 1} (“${named}”)`);
}

/** Why the code would not scan on this label (the last of a series: its longest value), or null. */
function codeProblem(
  draft: LabelDraft,
  validation: Validation,
  symbols: ReturnType<typeof useCodeSymbols>,
  count: number,
): string | null {
  if (!validation.ok || draft.codeType === 'none' || !symbols.ready) return null;
  const config = validation.configuration;
  if (!config.code) return null;
  const last = config.series
    ? seriesLabel(
        { customText: config.customText, series: config.series, code: config.code },
        count - 1,
      )
    : null;
  const layout = labelLayout({
    width: config.width,
    height: config.height,
    color: config.color,
    mounting: config.mounting,
    customText: last?.text ?? config.customText,
    artwork: engravedArtworkOf(config.files) !== null,
    code: { type: config.code.type, placement: config.code.placement },
  });
  const symbol = symbols.symbolOf(last?.codeValue ?? config.code.value);
  if (!layout.code || !symbol) return null;
  return fitCode(config.code.type, symbol, layout.code, config.material).problem;
}

const INVALID_FORM = 'Please correct the highlighted fields, then add the label to your cart.';

/** The fields without which a label has no price at all (docs/product.md section 4). */
const PRICED_BY = new Set<LabelField>(['material', 'width', 'height', 'quantity']);

/**
 * The toast of a line the server did not take: when trying again cannot help (a 400 or a 409: a code
 * too small to scan at this count, a series' numbers another cart line engraves, a full cart), its
 * message, which names the label or the line, under `refusedTitle`; anything else, `failed`.
 */
function lineNotTakenToast(error: unknown, refusedTitle: string, failed: string) {
  const status = apiErrorStatus(error);
  const refusal = status === 400 || status === 409 ? apiErrorMessage(error) : undefined;
  return refusal
    ? { title: refusedTitle, description: refusal, variant: 'destructive' as const }
    : { title: 'Error', description: failed, variant: 'destructive' as const };
}

/**
 * The label configurator: the shopper's draft, its sections (the material first; the rest once one is
 * chosen), the live price and Add to Cart.
 */
export function Configurator() {
  const [draft, setDraft] = useState<LabelDraft>(initialLabelDraft);
  const [touched, setTouched] = useState<Partial<Record<LabelField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const replaceLine = useReplaceCartLine();
  // "Edit" on a cart line opens /products?edit={lineId}: the line's configuration fills the form.
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const editedLine = useCartLine(editId);
  const [loadedLine, setLoadedLine] = useState<string | null>(null);
  if (editedLine && loadedLine !== editedLine.id) {
    setLoadedLine(editedLine.id);
    setDraft(draftFromCartLine(editedLine));
  }
  const editing = Boolean(editedLine);

  const update = (patch: Partial<LabelDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const touch = (field: LabelField) => setTouched((current) => ({ ...current, [field]: true }));

  // The schemas load once the shopper starts (a focus, a touch, a change, or a cart line to edit).
  const [engaged, setEngaged] = useState(false);
  const schemas = useConfiguratorSchemas(engaged || draft !== initialLabelDraft ? draft : null);
  const schema = schemas?.labelConfigurationSchema;
  const validation = useMemo(() => validateForCart(draft, schema), [draft, schema]);
  const priceable = useMemo(() => priceableConfiguration(draft, schema), [draft, schema]);
  // Add to Cart pressed before the schemas arrived: pressed again for the shopper once they have.
  const [submitWhenReady, setSubmitWhenReady] = useState(false);
  useEffect(() => {
    if (!schema || !submitWhenReady) return;
    setSubmitWhenReady(false);
    form.current?.requestSubmit();
  }, [schema, submitWhenReady]);
  const live = useLivePrice(priceable);

  // Asset tags: the label the preview draws (0-based in the series or the sheet's rows).
  const [previewIndex, setPreviewIndex] = useState(0);
  const variable = draft.mode !== 'same';
  const sheetCheck = useSheetCheck(
    draft.mode === 'rows' && validation.ok ? validation.configuration : null,
  );
  const labelCount =
    draft.mode === 'rows'
      ? (draft.sheet?.rowCount ?? 0)
      : Math.max(Number.parseInt(draft.quantity, 10) || 1, 1);
  const shownIndex = Math.min(previewIndex, Math.max(labelCount - 1, 0));
  const sheetPage = useSheetPage(
    draft.mode === 'rows' ? (draft.sheet?.id ?? null) : null,
    shownIndex,
  );
  const showPicker =
    variable && labelCount > 0 && (draft.mode === 'series' || Boolean(draft.sheet));
  const picked = pickedLabel(draft, validation, shownIndex, sheetPage.data);
  const symbols = useCodeSymbols(draft.codeType === 'none' ? null : draft.codeType);
  const symbol = useMemo(
    () => (draft.codeType === 'none' ? null : symbols.symbolOf(picked.codeValue)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft.codeType, picked.codeValue, symbols.ready],
  );
  // A field's error shows once the shopper has left it, or after an Add to Cart attempt.
  const errors: FieldErrors = {};
  if (!validation.ok) {
    for (const [field, message] of Object.entries(validation.errors) as [LabelField, string][]) {
      if (submitted || touched[field]) errors[field] = message;
    }
  }
  // A size typed in full that the rules refuse (too large, between steps): the price says so at once,
  // not that a size is still to be entered.
  const sizeRefused =
    draft.width.trim() !== '' &&
    draft.height.trim() !== '' &&
    !validation.ok &&
    Boolean(validation.errors.width || validation.errors.height);
  // A quantity typed wrong ("abc", "100000") gets its word at once; an emptied one only once left.
  const typedQuantity = parseQuantity(draft.quantity);
  if (draft.mode !== 'rows' && draft.quantity.trim() !== '' && 'problem' in typedQuantity) {
    errors.quantity = typedQuantity.problem;
  }
  // The size and quantity are fine but another field is not (a code with nothing to encode, a
  // series' text without {n}, no spreadsheet yet): the price says which, not to enter a size.
  const refused = validation.ok ? [] : Object.entries(validation.errors);
  const labelProblem =
    refused.length > 0 && !refused.some(([field]) => PRICED_BY.has(field as LabelField))
      ? (refused[0]![1] ?? null)
      : null;
  // Nothing reaches the cart while a row is wrong, or before every row has been checked.
  const rowsBlocked =
    draft.mode === 'rows' && validation.ok
      ? sheetCheck.data === undefined || sheetCheck.isPlaceholderData || sheetCheck.isFetching
        ? 'Wait until every row has been checked.'
        : sheetCheck.data.errorCount > 0
          ? 'Correct the rows listed and upload the file again.'
          : null
      : null;
  // The rows' own errors are listed as soon as the check answers; this says why Add to Cart waits.
  if (rowsBlocked && submitted) errors.rows = rowsBlocked;
  // A code too small to scan on this label is refused with the reason (the server checks it too).
  const codeTooSmall = useMemo(
    () => codeProblem(draft, validation, symbols, labelCount),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, validation, symbols.ready, labelCount],
  );
  if (codeTooSmall && !errors.code) errors.code = codeTooSmall;
  const quantityDone = () => {
    if (draft.quantity.trim() === '') update({ quantity: '1' });
    touch('quantity');
  };

  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!schema) {
      setSubmitWhenReady(true);
      configuratorSchemas().catch(() => {
        setSubmitWhenReady(false);
        toast({
          title: 'Error',
          description: editedLine
            ? 'Failed to update the cart line. Please try again.'
            : 'Failed to add item to cart. Please try again.',
          variant: 'destructive',
        });
      });
      return;
    }
    if (!validation.ok || rowsBlocked || codeTooSmall) {
      setFocusRequest((n) => n + 1);
      return;
    }
    if (editedLine) {
      replaceLine.mutate(
        { lineId: editedLine.id, configuration: validation.configuration },
        {
          onSuccess: () => {
            toast({ title: 'Cart updated', description: 'Your label was changed in the cart.' });
            navigate('/cart');
          },
          onError: (error) =>
            toast(
              lineNotTakenToast(
                error,
                'Cart line not changed',
                'Failed to update the cart line. Please try again.',
              ),
            ),
        },
      );
      return;
    }
    addToCart.mutate(validation.configuration, {
      onSuccess: () => {
        setSubmitted(false);
        toast({
          title: 'Added to Cart',
          description: 'Your custom sign has been added to the cart.',
          action: { label: 'View cart', onClick: () => navigate('/cart') },
        });
      },
      onError: (error) =>
        toast(
          lineNotTakenToast(
            error,
            'Not added to the cart',
            'Failed to add item to cart. Please try again.',
          ),
        ),
    });
  }

  const { width, height } = toConfigurationInput(draft);
  const started = draft.material !== null;
  // The image engraved on the label (the first PNG or JPG), drawn where the proof will draw it.
  const artwork = engravedArtworkOf(draft.files);
  const artworkImage = useArtworkImage(artwork?.hashedName ?? null);
  // The label's other files (a PDF, a spreadsheet, a second image) are named below the preview.
  const notDrawn = draft.files.filter((file) => file !== artwork).map((file) => file.originalName);
  const previewCode =
    draft.codeType === 'none' ? null : { type: draft.codeType, placement: draft.codePlacement };
  // The pinned preview flags text too small to engrave in one line; this explains it by the text
  // field (a spreadsheet's rows: below the preview), so the preview stays short on a phone.
  const layout = previewLayout({
    color: draft.color,
    customText: picked.text,
    width,
    height,
    mounting: draft.mounting,
    artwork: artwork !== null,
    code: previewCode,
  });
  const tooSmall =
    textTooSmallMessage(layout, picked.text) ??
    widestTooSmall(draft, validation, labelCount, shownIndex, (customText) =>
      previewLayout({
        color: draft.color,
        customText,
        width,
        height,
        mounting: draft.mounting,
        artwork: artwork !== null,
        code: previewCode,
      }),
    );
  const tooSmallDetail = tooSmall && `${tooSmall} ${TOO_SMALL_ADVICE}`;
  const rowsTooSmall = draft.mode === 'rows' && tooSmallDetail !== null;

  return (
    <Form
      ref={form}
      noValidate
      onSubmit={onSubmit}
      onFocus={() => setEngaged(true)}
      onPointerDown={() => setEngaged(true)}
      aria-label="Label configuration"
    >
      <Steps onFocus={showFocusedLabel}>
        {editing && (
          <EditNote role="status">
            You are changing a label in your cart: Save Changes replaces it.
            <Link to="/cart">Back to cart</Link>
          </EditNote>
        )}
        {editedLine === null && (
          <EditNote role="status">
            That label is no longer in your cart. Add to Cart adds this one as a new label.
          </EditNote>
        )}
        <MaterialPicker value={draft.material} onChange={(material) => update({ material })} />
        {started ? (
          <>
            <SizeFields
              width={draft.width}
              height={draft.height}
              errors={{ width: errors.width, height: errors.height }}
              onChange={update}
              onBlur={touch}
            />
            <PreviewDock>
              <LabelPreview
                color={draft.color}
                customText={picked.text}
                width={width}
                height={height}
                mounting={draft.mounting}
                material={draft.material}
                code={previewCode && { ...previewCode, symbol }}
                artwork={
                  artwork && {
                    name: artwork.originalName,
                    src: artworkImage.src,
                    failed: artworkImage.failed,
                  }
                }
                brief
                layout={layout}
              />
            </PreviewDock>
            {(showPicker || picked.codeValue || notDrawn.length > 0 || rowsTooSmall) && (
              <PreviewControls>
                {showPicker && (
                  <LabelPicker
                    kind={draft.mode === 'rows' ? 'rows' : 'series'}
                    count={labelCount}
                    index={shownIndex}
                    onPick={setPreviewIndex}
                    rowStarts={sheetPage.data?.rowStarts}
                  />
                )}
                {picked.codeValue && (
                  <PreviewNote data-testid="preview-code-value">
                    Code: <code>{picked.codeValue}</code>
                  </PreviewNote>
                )}
                {rowsTooSmall && <PreviewWarning role="status">{tooSmallDetail}</PreviewWarning>}
                {notDrawn.length > 0 && (
                  <PreviewNote data-testid="label-preview-not-drawn">
                    Not drawn on the label: {notDrawn.map((name) => `“${name}”`).join(', ')}. The
                    preview draws the first PNG or JPG image only; we check every file before
                    engraving, and your proof shows the label as we will engrave it.
                  </PreviewNote>
                )}
              </PreviewControls>
            )}
            <ColorPicker value={draft.color} onChange={(color) => update({ color })} />
            <MountingPicker value={draft.mounting} onChange={(mounting) => update({ mounting })} />
            {draft.mode !== 'rows' && (
              <CustomTextField
                value={draft.customText}
                error={errors.customText}
                warning={tooSmallDetail}
                onChange={(customText) => update({ customText })}
              />
            )}
            <AssetTagsSection
              draft={draft}
              errors={{
                series: errors.series,
                code: errors.code,
                rows: errors.rows,
                codeColumn: errors.codeColumn,
              }}
              onChange={update}
              onBlur={touch}
              check={{
                data: draft.mode === 'rows' && validation.ok ? sheetCheck.data : undefined,
                checking: sheetCheck.isFetching,
                failed: sheetCheck.isError,
              }}
            />
            <FileUpload
              files={draft.files}
              onFilesAdded={(files) =>
                setDraft((current) => ({ ...current, files: [...current.files, ...files] }))
              }
              onFileRemoved={(hashedName) =>
                setDraft((current) => ({
                  ...current,
                  files: current.files.filter((file) => file.hashedName !== hashedName),
                }))
              }
            />
          </>
        ) : null}
        {started && (
          <PriceBar
            live={live}
            problem={
              sizeRefused ? 'size' : errors.quantity ? 'quantity' : labelProblem ? 'label' : null
            }
            quantity={
              draft.mode === 'rows'
                ? labelCount
                : 'quantity' in typedQuantity
                  ? typedQuantity.quantity
                  : 0
            }
          />
        )}
      </Steps>
      {!started && (
        <StartHint>
          Choose a material to set the size, colours, mounting and text, and to see your price.
        </StartHint>
      )}
      {started && (
        <OrderSummary
          draft={draft}
          priceable={priceable ?? null}
          live={live}
          quantityError={errors.quantity}
          sizeRefused={sizeRefused}
          labelProblem={labelProblem}
          fixedQuantity={draft.mode === 'rows' ? labelCount : undefined}
          onQuantityChange={(quantity) => update({ quantity })}
          onQuantityDone={quantityDone}
          adding={addToCart.isPending || replaceLine.isPending}
          editing={editing}
          formError={
            !submitted
              ? undefined
              : !validation.ok
                ? INVALID_FORM
                : (rowsBlocked ?? codeTooSmall ?? undefined)
          }
        />
      )}
    </Form>
  );
}
