// A stand-in for Stripe.js, served by the tests' fake Stripe (../fake-stripe.ts) as
// https://js.stripe.com/<release>/stripe.js, the address @stripe/stripe-js injects, when the browser
// tests route Stripe's hosts to the fake (docs/decisions/0034). It implements only what the client
// calls, as Stripe documents it (docs.stripe.com/js):
//   Stripe(publishableKey, { stripeAccount })       the Stripe object (callable without new)
//   stripe.elements(options) -> elements             elements.create('card', options), elements.getElement('card' | CardElement), elements.update
//   element.mount(node), on/off(event, handler), update(options), unmount(), destroy()
//   stripe.createPaymentMethod({ type: 'card', card: element, billing_details })
//   stripe.collectBankAccountForSetup({ clientSecret, params: { payment_method_type: 'us_bank_account',
//     payment_method_data: { billing_details: { name } } }, expand })   Financial Connections' modal
//   stripe.confirmUsBankAccountSetup(clientSecret)
//   stripe.confirmCardSetup(clientSecret, { payment_method: { card: element, billing_details } })   autopay's saved card
// The card element is an iframe from this script's own origin (frame-src), and the payment method is
// created by a POST from the page to the API host (connect-src), form-encoded with the publishable
// key and, for a connected account, `_stripe_account`, as Stripe.js's own requests are. Anything else
// throws, so a client that starts calling more of Stripe.js shows here first.
// The bank modal stands in for Financial Connections' (an in-page dialog, not Stripe's frame): the
// test picks Stripe's test institution (verified at once) or types the account in (microdeposits),
// and the stand-in posts the account to the SetupIntent, then confirms it, with the client secret.
(function () {
  'use strict';
  if (window.Stripe) return;

  var scriptUrl = new URL(document.currentScript.src);
  var jsOrigin = scriptUrl.origin;
  // Stripe.js talks to api.stripe.com; served from anywhere else, the stand-in talks to its own server.
  var apiOrigin = jsOrigin === 'https://js.stripe.com' ? 'https://api.stripe.com' : jsOrigin;
  // @stripe/stripe-js compares Stripe.version with the release train it injects (v3 reports 3).
  var release = /^\/([a-z]+)\/stripe\.js$/.exec(scriptUrl.pathname);
  var version = release ? release[1] : 3;
  var CARD_FRAME_TITLE = 'Secure card payment input frame';
  var frames = 0;

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function notInStandIn(name) {
    return function () {
      throw integrationError(name + ' is not part of the Stripe.js stand-in: the client did not call it when it was written (see its header).');
    };
  }

  function createCardElement(owner, initialOptions) {
    var options = initialOptions || {};
    var listeners = {};
    var mountNode = null;
    var frame = null;
    var destroyed = false;
    var requests = {};
    var nextRequest = 1;

    function emit(type, payload) {
      (listeners[type] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }

    function setClasses(state) {
      if (!mountNode) return;
      mountNode.classList.toggle('StripeElement--empty', Boolean(state.empty));
      mountNode.classList.toggle('StripeElement--complete', Boolean(state.complete));
      mountNode.classList.toggle('StripeElement--invalid', Boolean(state.error));
    }

    function post(message) {
      if (frame && frame.contentWindow) frame.contentWindow.postMessage(message, jsOrigin);
    }

    function onMessage(event) {
      if (!frame || event.source !== frame.contentWindow || event.origin !== jsOrigin) return;
      var message = event.data || {};
      if (message.type === 'ready') emit('ready', { elementType: 'card' });
      else if (message.type === 'height') frame.style.height = message.height + 'px';
      else if (message.type === 'change') {
        setClasses(message.state);
        emit('change', Object.assign({ elementType: 'card' }, message.state));
      } else if (message.type === 'focus' || message.type === 'blur') {
        if (mountNode) mountNode.classList.toggle('StripeElement--focus', message.type === 'focus');
        emit(message.type, { elementType: 'card' });
      } else if (message.type === 'card' && requests[message.requestId]) {
        requests[message.requestId](message);
        delete requests[message.requestId];
      }
    }

    var element = {
      mount: function (domElement) {
        if (destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
        if (mountNode) throw integrationError('This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.');
        var node = typeof domElement === 'string' ? document.querySelector(domElement) : domElement;
        if (!node || !node.appendChild) throw integrationError('The selector you specified (' + domElement + ') applies to no DOM elements that are currently on the page.');
        mountNode = node;
        mountNode.classList.add('StripeElement', 'StripeElement--empty');
        frames += 1;
        frame = document.createElement('iframe');
        frame.name = '__privateStripeFrame' + frames;
        frame.title = CARD_FRAME_TITLE;
        frame.setAttribute('frameborder', '0');
        frame.setAttribute('allowtransparency', 'true');
        frame.setAttribute('scrolling', 'no');
        frame.style.cssText = 'border:none;margin:0;padding:0;width:1px;min-width:100%;overflow:hidden;display:block;height:1.5em;';
        var config = { parentOrigin: location.origin, hidePostalCode: Boolean(options.hidePostalCode), style: options.style || {} };
        frame.src = jsOrigin + '/v3/elements-inner-card-stand-in.html#' + encodeURIComponent(JSON.stringify(config));
        window.addEventListener('message', onMessage);
        mountNode.appendChild(frame);
      },
      unmount: function () {
        window.removeEventListener('message', onMessage);
        if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
        if (mountNode) mountNode.classList.remove('StripeElement', 'StripeElement--empty', 'StripeElement--complete', 'StripeElement--invalid', 'StripeElement--focus');
        frame = null;
        mountNode = null;
      },
      destroy: function () {
        element.unmount();
        destroyed = true;
        owner.forget(element);
      },
      on: function (type, handler) {
        (listeners[type] = listeners[type] || []).push(handler);
        return element;
      },
      off: function (type, handler) {
        listeners[type] = handler ? (listeners[type] || []).filter(function (h) { return h !== handler; }) : [];
        return element;
      },
      update: function (changes) {
        options = Object.assign({}, options, changes);
        post({ type: 'options', hidePostalCode: Boolean(options.hidePostalCode), style: options.style || {} });
      },
      /** For createPaymentMethod: the frame answers the card it holds, or the first problem with it. */
      collect: function () {
        if (destroyed || !frame) {
          return Promise.reject(integrationError('We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.'));
        }
        var requestId = String(nextRequest++);
        return new Promise(function (resolve) {
          requests[requestId] = resolve;
          post({ type: 'collect', requestId: requestId });
        });
      },
    };
    return element;
  }

  function createElements(options) {
    var created = {};
    var elements = {
      _options: options || {},
      create: function (type, elementOptions) {
        if (type !== 'card') throw integrationError('elements.create(\'' + type + '\'): the Stripe.js stand-in has the card Element only.');
        if (created.card) throw integrationError('Can only create one Element of type card.');
        created.card = createCardElement(elements, elementOptions);
        return created.card;
      },
      getElement: function (type) {
        // React Stripe.js passes its component, which names its type.
        var name = typeof type === 'string' ? type : type && type.__elementType;
        return created[name] || null;
      },
      update: function (changes) {
        elements._options = Object.assign({}, elements._options, changes);
      },
      forget: function (element) {
        Object.keys(created).forEach(function (name) {
          if (created[name] === element) delete created[name];
        });
      },
      owns: function (element) {
        return Object.keys(created).some(function (name) { return created[name] === element; });
      },
    };
    return elements;
  }

  /** billing_details as the API's form encoding: billing_details[address][postal_code]=... */
  function appendForm(form, prefix, value) {
    if (value === undefined || value === null) return;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) { appendForm(form, prefix + '[' + key + ']', value[key]); });
    } else form.append(prefix, String(value));
  }

  var TEST_ROUTING_NUMBER = '110000000';
  var TEST_ACCOUNT_NUMBER = '000123456789';

  /** The modal's answer: how the tenant linked the test account, or null when they closed it. */
  function chooseBankAccount() {
    return new Promise(function (resolve) {
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', 'Link your bank account (Financial Connections stand-in)');
      dialog.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:#fff;padding:24px;display:flex;flex-direction:column;gap:12px;';
      var choices = [
        ['Test Institution ••••' + TEST_ACCOUNT_NUMBER.slice(-4), 'instant'],
        ['Enter bank details manually', 'microdeposits'],
        ['Close', null],
      ];
      choices.forEach(function (choice) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice[0];
        button.addEventListener('click', function () {
          dialog.remove();
          resolve(choice[1]);
        });
        dialog.appendChild(button);
      });
      document.body.appendChild(dialog);
    });
  }

  function setupIntentIdOf(clientSecret) {
    var match = /^(seti_[^_]+(?:_[^_]+)*?)_secret_/.exec(String(clientSecret));
    if (!match) throw integrationError('Invalid value for clientSecret: ' + clientSecret + ' is not a SetupIntent client secret.');
    return match[1];
  }

  function Stripe(publishableKey, options) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey, options);
    if (typeof publishableKey !== 'string') throw integrationError('Invalid value for Stripe(): apiKey should be a string. You specified: ' + typeof publishableKey + '.');
    if (/^sk_/.test(publishableKey)) throw integrationError('You should not use your secret key with Stripe.js. Please pass a publishable key instead.');
    var settings = options || {};
    if (settings.stripeAccount !== undefined && typeof settings.stripeAccount !== 'string') {
      throw integrationError('Invalid value for Stripe(): stripeAccount should be a string. You specified: ' + typeof settings.stripeAccount + '.');
    }
    var groups = [];

    this.elements = function (elementsOptions) {
      var group = createElements(elementsOptions);
      groups.push(group);
      return group;
    };

    this.createPaymentMethod = function (data) {
      if (!data || typeof data !== 'object') {
        return Promise.reject(integrationError('stripe.createPaymentMethod: the stand-in takes the documented object form, { type, card }.'));
      }
      if (data.type !== 'card') return Promise.reject(integrationError('stripe.createPaymentMethod: the stand-in creates card payment methods only.'));
      return cardPaymentMethod('createPaymentMethod', data.card, data.billing_details);
    };

    /** The card Element's card as a payment method on this instance's account: { paymentMethod } or { error }. */
    function cardPaymentMethod(caller, card, billingDetails) {
      if (!card || !groups.some(function (group) { return group.owns(card); })) {
        return Promise.reject(integrationError('Invalid value for ' + caller + ': card should be an Element created by this Stripe instance.'));
      }
      return card.collect().then(function (collected) {
        if (collected.error) return { error: collected.error };
        var form = new URLSearchParams();
        form.append('type', 'card');
        appendForm(form, 'card', collected.card);
        var billing = Object.assign({}, billingDetails);
        if (collected.postalCode) billing.address = Object.assign({ postal_code: collected.postalCode }, billing.address);
        appendForm(form, 'billing_details', billing);
        form.append('payment_user_agent', 'stripe.js/stand-in');
        return postToApi('/v1/payment_methods', form, 'paymentMethod');
      });
    }

    /**
     * Saves the card for later payments: the Element's card becomes a payment method, then confirms
     * the SetupIntent with it (the bank's 3-D Secure challenge, which Stripe.js would show here, always
     * passes). A declined card answers { error } with the intent, as Stripe.js does.
     */
    this.confirmCardSetup = function (clientSecret, data) {
      var paymentMethod = data && data.payment_method;
      if (!paymentMethod || typeof paymentMethod !== 'object') {
        return Promise.reject(integrationError('confirmCardSetup: the stand-in takes { payment_method: { card, billing_details } }.'));
      }
      var setupIntentId = setupIntentIdOf(clientSecret);
      return cardPaymentMethod('confirmCardSetup', paymentMethod.card, paymentMethod.billing_details).then(function (made) {
        if (made.error) return made;
        var form = new URLSearchParams();
        form.append('client_secret', clientSecret);
        form.append('payment_method', made.paymentMethod.id);
        return postToApi('/v1/setup_intents/' + setupIntentId + '/confirm', form, 'setupIntent');
      });
    };

    /** A form-encoded POST from the page to the API host, answered as { <name>: body } or { error }. */
    function postToApi(path, form, name) {
      form.append('key', publishableKey);
      if (settings.stripeAccount) form.append('_stripe_account', settings.stripeAccount);
      return fetch(apiOrigin + path, { method: 'POST', body: form, credentials: 'omit' }).then(
        function (response) {
          return response.json().then(function (body) {
            var answer = {};
            if (response.ok) answer[name] = body;
            else answer.error = body.error;
            return answer;
          });
        },
        function () {
          return { error: { type: 'api_connection_error', message: 'We could not connect to Stripe. Please check your connection and try again.' } };
        },
      );
    }

    this.collectBankAccountForSetup = function (options) {
      var params = (options && options.params) || {};
      if (params.payment_method_type !== 'us_bank_account') {
        return Promise.reject(integrationError('collectBankAccountForSetup: params.payment_method_type must be us_bank_account.'));
      }
      var name = params.payment_method_data && params.payment_method_data.billing_details && params.payment_method_data.billing_details.name;
      if (!name) return Promise.reject(integrationError('collectBankAccountForSetup: params.payment_method_data.billing_details.name is required.'));
      var clientSecret = options.clientSecret;
      var setupIntentId = setupIntentIdOf(clientSecret);
      return chooseBankAccount().then(function (verification) {
        // Closed without an account: the SetupIntent is as it was.
        if (!verification) return { setupIntent: { id: setupIntentId, object: 'setup_intent', client_secret: clientSecret, status: 'requires_payment_method', payment_method: null } };
        var form = new URLSearchParams();
        form.append('client_secret', clientSecret);
        form.append('payment_method_data[type]', 'us_bank_account');
        form.append('payment_method_data[billing_details][name]', name);
        form.append('payment_method_data[us_bank_account][routing_number]', TEST_ROUTING_NUMBER);
        form.append('payment_method_data[us_bank_account][account_number]', TEST_ACCOUNT_NUMBER);
        form.append('payment_method_options[us_bank_account][verification_method]', verification);
        (options.expand || []).forEach(function (path) { form.append('expand[]', path); });
        return postToApi('/v1/setup_intents/' + setupIntentId, form, 'setupIntent');
      });
    };

    this.confirmUsBankAccountSetup = function (clientSecret) {
      var form = new URLSearchParams();
      form.append('client_secret', clientSecret);
      return postToApi('/v1/setup_intents/' + setupIntentIdOf(clientSecret) + '/confirm', form, 'setupIntent');
    };

    // React Stripe.js checks that these exist; the client never calls them.
    this.createToken = notInStandIn('stripe.createToken');
    this.confirmCardPayment = notInStandIn('stripe.confirmCardPayment');
  }

  Stripe.version = version;
  window.Stripe = Stripe;
})();
