// The sandbox's browser side, the same surface as Square's Web Payments SDK (docs/design.md section 5):
//
//   const payments = window.Square.payments(applicationId, locationId);
//   const card = await payments.card();
//   await card.attach('#card-container');
//   const result = await card.tokenize(); // { status: 'OK', token } | { status: 'Invalid', errors }
//   await card.destroy();
//
// The card fields live in an iframe served by the API (its own origin, its own strict CSP). The shop
// page never sees the card: the frame sends the card to /api/payment/sandbox/tokenize itself and
// posts only the one-time token back to the page (postMessage to the page's origin alone).
// Plain ES2017 so every browser runs it as served; no build step.

/** GET /api/payment/sandbox/payments.js, loaded by the checkout page. */
export const SANDBOX_PAYMENTS_SCRIPT = String.raw`/* Sandbox card payments: a look-alike of Square's Web Payments SDK for development and tests. */
(function () {
  'use strict';
  var current = document.currentScript;
  var scriptUrl = new URL(current && current.src ? current.src : '/api/payment/sandbox/payments.js', location.href);
  var frameUrl = new URL('card-frame', scriptUrl);
  var frameOrigin = frameUrl.origin;
  var ATTACH_TIMEOUT_MS = 10000;
  var TOKENIZE_TIMEOUT_MS = 30000;
  var nextRequestId = 1;

  function errorResult(status, message) {
    return { status: status, errors: [{ message: message }] };
  }

  function Card() {
    this._frame = null;
    this._pending = {};
    this._onReady = null;
    this._listener = this._receive.bind(this);
    window.addEventListener('message', this._listener);
  }

  Card.prototype._receive = function (event) {
    if (!this._frame || event.source !== this._frame.contentWindow || event.origin !== frameOrigin) return;
    var data = event.data || {};
    if (data.type === 'sandbox-card:ready' && this._onReady) {
      this._onReady();
      this._onReady = null;
    } else if (data.type === 'sandbox-card:height' && typeof data.height === 'number') {
      this._frame.style.height = Math.ceil(data.height) + 'px';
    } else if (data.type === 'sandbox-card:result' && this._pending[data.id]) {
      var resolve = this._pending[data.id];
      delete this._pending[data.id];
      resolve(data.result);
    }
  };

  Card.prototype.attach = function (target) {
    var self = this;
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) return Promise.reject(new Error('Card container not found: ' + target));
    if (this._frame) return Promise.reject(new Error('The card is already attached'));
    var frame = document.createElement('iframe');
    var src = new URL(frameUrl.href);
    src.searchParams.set('origin', location.origin);
    frame.src = src.href;
    frame.title = 'Secure card payment form';
    frame.setAttribute('allow', 'payment');
    frame.style.width = '100%';
    frame.style.height = '190px';
    frame.style.border = '0';
    frame.style.display = 'block';
    this._frame = frame;
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () {
        self._onReady = null;
        reject(new Error('The card form did not load'));
      }, ATTACH_TIMEOUT_MS);
      self._onReady = function () {
        clearTimeout(timer);
        resolve(undefined);
      };
      container.appendChild(frame);
    });
  };

  Card.prototype.tokenize = function () {
    var self = this;
    if (!this._frame || !this._frame.contentWindow) {
      return Promise.resolve(errorResult('Error', 'The card form is not attached'));
    }
    var id = nextRequestId++;
    return new Promise(function (resolve) {
      var timer = setTimeout(function () {
        delete self._pending[id];
        resolve(errorResult('Error', 'Payment tokenization timed out'));
      }, TOKENIZE_TIMEOUT_MS);
      self._pending[id] = function (result) {
        clearTimeout(timer);
        resolve(result);
      };
      self._frame.contentWindow.postMessage({ type: 'sandbox-card:tokenize', id: id }, frameOrigin);
    });
  };

  Card.prototype.destroy = function () {
    window.removeEventListener('message', this._listener);
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
    this._pending = {};
    return Promise.resolve(true);
  };

  window.Square = {
    sandbox: true,
    payments: function (applicationId, locationId) {
      if (!applicationId || !locationId) throw new Error('applicationId and locationId are required');
      return {
        card: function () {
          return Promise.resolve(new Card());
        },
      };
    },
  };
})();
`;

/** The card frame's script (served at /api/payment/sandbox/card-frame.js, 'self' under its CSP). */
export const SANDBOX_CARD_FRAME_SCRIPT = String.raw`(function () {
  'use strict';
  var parentOrigin = document.documentElement.getAttribute('data-parent-origin');
  var form = document.getElementById('card');
  var errorBox = document.getElementById('errors');
  var fields = ['cardNumber', 'expiry', 'cvv', 'postalCode'];

  function value(name) {
    return (form.elements[name].value || '').trim();
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function problems() {
    var errors = [];
    var digits = value('cardNumber').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.push({ field: 'cardNumber', message: 'Card number is not valid.' });
    var expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(value('expiry'));
    if (!expiry) errors.push({ field: 'expiry', message: 'Expiration date must be MM/YY.' });
    else {
      var now = new Date();
      var year = 2000 + Number(expiry[2]);
      var month = Number(expiry[1]);
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
        errors.push({ field: 'expiry', message: 'The card has expired.' });
    }
    if (!/^\d{3,4}$/.test(value('cvv'))) errors.push({ field: 'cvv', message: 'Security code (CVV) must be 3 or 4 digits.' });
    if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(value('postalCode')))
      errors.push({ field: 'postalCode', message: 'Postal code is not valid.' });
    return errors;
  }

  function show(errors) {
    errorBox.textContent = errors.map(function (e) { return e.message; }).join(' ');
    fields.forEach(function (name) {
      var bad = errors.some(function (e) { return e.field === name; });
      form.elements[name].setAttribute('aria-invalid', bad ? 'true' : 'false');
    });
  }

  function tokenize() {
    var errors = problems();
    show(errors);
    if (errors.length) return Promise.resolve({ status: 'Invalid', errors: errors });
    return fetch('tokenize', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', 'x-session-id': 'sandbox-card-frame' },
      body: JSON.stringify({
        cardNumber: value('cardNumber'),
        expiry: value('expiry'),
        cvv: value('cvv'),
        postalCode: value('postalCode'),
      }),
    })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (body) {
          if (response.ok && body.token) return { status: 'OK', token: body.token };
          var list = (body.errors || []).map(function (e) { return { field: e.path, message: e.message }; });
          if (!list.length) list = [{ message: body.message || 'Payment tokenization failed' }];
          show(list);
          return { status: response.status === 400 ? 'Invalid' : 'Error', errors: list };
        });
      })
      .catch(function () {
        return { status: 'Error', errors: [{ message: 'Payment tokenization failed' }] };
      });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    var data = event.data || {};
    if (data.type !== 'sandbox-card:tokenize') return;
    tokenize().then(function (result) {
      window.parent.postMessage({ type: 'sandbox-card:result', id: data.id, result: result }, parentOrigin);
    });
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });

  function postHeight() {
    window.parent.postMessage({ type: 'sandbox-card:height', height: document.body.scrollHeight }, parentOrigin);
  }
  if (window.ResizeObserver) new ResizeObserver(postHeight).observe(document.body);
  window.parent.postMessage({ type: 'sandbox-card:ready' }, parentOrigin);
  postHeight();
})();
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The card frame's page: four fields, no inline script, styles under a nonce. */
export function sandboxCardFramePage(parentOrigin: string, styleNonce: string): string {
  return `<!doctype html>
<html lang="en" data-parent-origin="${escapeHtml(parentOrigin)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details (sandbox)</title>
<style nonce="${styleNonce}">
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; background: transparent; }
  form { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; padding: 2px; }
  label { display: grid; gap: 4px; font-size: 13px; font-weight: 600; }
  .wide { grid-column: 1 / -1; }
  input { font: inherit; padding: 9px 10px; border: 1px solid #9ca3af; border-radius: 6px; width: 100%; }
  input:focus { outline: 2px solid #2563eb; outline-offset: 1px; border-color: #2563eb; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  #errors { grid-column: 1 / -1; color: #b91c1c; font-size: 13px; min-height: 1em; margin: 0; }
  .note { grid-column: 1 / -1; color: #4b5563; font-size: 12px; margin: 0; }
</style>
</head>
<body>
<form id="card" novalidate autocomplete="on">
  <label class="wide">Card number
    <input name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" maxlength="23" required>
  </label>
  <label>Expiry (MM/YY)
    <input name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" required>
  </label>
  <label>CVV
    <input name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required>
  </label>
  <label class="wide">Postal code
    <input name="postalCode" autocomplete="postal-code" placeholder="12345" maxlength="10" required>
  </label>
  <p id="errors" role="alert" aria-live="polite"></p>
  <p class="note">Sandbox: no real card is charged. Test card 4111 1111 1111 1111.</p>
</form>
<script src="card-frame.js"></script>
</body>
</html>
`;
}
