import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { toast } from 'shell/store';
import { fromLarge, parseQuantity, theme } from '@shop/ui';
import { useAddToCart } from '../api/add-to-cart';
import { useCartLine, useReplaceCartLine } from '../api/replace-cart-line';
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
import { LabelPreview } from '@shop/ui/label-preview';
import { engravedArtworkOf } from '@shop/contracts/label-layout';
import { useArtworkImage } from '../api/get-artwork-image';
import { MaterialPicker } from './material-picker';
import { MountingPicker } from './mounting-picker';
import { OrderSummary } from './order-summary';
import { PriceBar } from './price-bar';
import { SizeFields } from './size-fields';

const Form = styled.form<{ $started: boolean }>`
  display: grid;
  gap: 1.25rem;
  align-items: start;
  ${fromLarge} {
    grid-template-columns: ${({ $started }) => ($started ? 'minmax(0, 1fr) 22rem' : 'minmax(0, 1fr)')};
    gap: 1.5rem;
  }
`;

const Steps = styled.div`
  display: grid;
  gap: 1.25rem;
  min-width: 0;
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

const INVALID_FORM = 'Please correct the highlighted fields, then add the label to your cart.';

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

  const validation = useMemo(() => validateForCart(draft), [draft]);
  const priceable = useMemo(() => priceableConfiguration(draft), [draft]);
  const live = useLivePrice(priceable);
  // A field's error shows once the shopper has left it, or after an Add to Cart attempt.
  const errors: FieldErrors = {};
  if (!validation.ok) {
    for (const [field, message] of Object.entries(validation.errors) as [LabelField, string][]) {
      if (submitted || touched[field]) errors[field] = message;
    }
  }
  // A quantity typed wrong ("abc", "100000") gets its word at once; an emptied one only once left.
  const typedQuantity = parseQuantity(draft.quantity);
  if (draft.quantity.trim() !== '' && 'problem' in typedQuantity) {
    errors.quantity = typedQuantity.problem;
  }
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
    if (!validation.ok) {
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
          onError: () =>
            toast({
              title: 'Error',
              description: 'Failed to update the cart line. Please try again.',
              variant: 'destructive',
            }),
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
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to add item to cart. Please try again.',
          variant: 'destructive',
        }),
    });
  }

  const { width, height } = toConfigurationInput(draft);
  const started = draft.material !== null;
  // The image engraved on the label (the first PNG or JPG), drawn where the proof will draw it.
  const artwork = engravedArtworkOf(draft.files);
  const artworkImage = useArtworkImage(artwork?.hashedName ?? null);

  return (
    <Form
      ref={form}
      noValidate
      onSubmit={onSubmit}
      aria-label="Label configuration"
      $started={started}
    >
      <Steps>
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
            <ColorPicker
              value={draft.color}
              onChange={(color) => update({ color })}
              preview={
                <LabelPreview
                  color={draft.color}
                  customText={draft.customText}
                  width={width}
                  height={height}
                  mounting={draft.mounting}
                  artwork={
                    artwork && {
                      name: artwork.originalName,
                      src: artworkImage.src,
                      failed: artworkImage.failed,
                    }
                  }
                  notDrawn={draft.files
                    .filter((file) => file !== artwork)
                    .map((file) => file.originalName)}
                />
              }
            />
            <MountingPicker value={draft.mounting} onChange={(mounting) => update({ mounting })} />
            <CustomTextField
              value={draft.customText}
              error={errors.customText}
              onChange={(customText) => update({ customText })}
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
        ) : (
          <StartHint>
            Choose a material above to set the size, colours, mounting and text, and to see your
            price.
          </StartHint>
        )}
        {started && (
          <PriceBar
            live={live}
            quantity={'quantity' in typedQuantity ? typedQuantity.quantity : 0}
          />
        )}
      </Steps>
      {started && (
        <OrderSummary
          draft={draft}
          priceable={priceable}
          live={live}
          quantityError={errors.quantity}
          onQuantityChange={(quantity) => update({ quantity })}
          onQuantityDone={quantityDone}
          adding={addToCart.isPending || replaceLine.isPending}
          editing={editing}
          formError={submitted && !validation.ok ? INVALID_FORM : undefined}
        />
      )}
    </Form>
  );
}
