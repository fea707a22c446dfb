// A stand-in for Authorize.Net's Accept.js, served by the tests' fake Authorize.Net
// (../fake-authorize-net.ts) as https://js.authorize.net/v1/Accept.js (or jstest.authorize.net) when
// the browser tests route Authorize.Net's hosts to the fake (docs/decisions/0034). It implements what
// the client calls, as Authorize.Net documents it (developer.authorize.net, Accept.js):
//   Accept.dispatchData(secureData, responseHandler)
//     secureData: { authData: { clientKey, apiLoginID }, cardData: { cardNumber, month, year, cardCode, zip?, fullName? } }
//     responseHandler: a function (or a global function's name), called once with
//       { opaqueData: { dataDescriptor, dataValue }, messages: { resultCode: 'Ok', message: [{ code, text }] } }
//       or { messages: { resultCode: 'Error', message: [{ code, text }] } }
// The card is checked here first (E_WC_ codes, as Accept.js does), then posted from the page to the
// API host of the script's environment (js -> api2, jstest -> apitest: the CSP's connect-src) as a
// securePaymentContainerRequest authenticated by the API login id and the public client key.
(function () {
  'use strict';
  if (window.Accept) return;

  var scriptOrigin = new URL(document.currentScript.src).origin;
  var API_ORIGINS = { 'https://js.authorize.net': 'https://api2.authorize.net', 'https://jstest.authorize.net': 'https://apitest.authorize.net' };
  // Served from anywhere else, the stand-in talks to its own server.
  var apiOrigin = API_ORIGINS[scriptOrigin] || scriptOrigin;

  function failure(code, text) {
    return { messages: { resultCode: 'Error', message: [{ code: code, text: text }] } };
  }

  function luhnValid(cardNumber) {
    var sum = 0;
    for (var i = 0; i < cardNumber.length; i++) {
      var digit = Number(cardNumber[cardNumber.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  }

  /** Accept.js's own checks, before anything leaves the page; null when the card may be sent. */
  function checkCard(card) {
    var cardNumber = String(card.cardNumber || '').replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(cardNumber) || !luhnValid(cardNumber)) return failure('E_WC_05', 'Please provide valid credit card number.');
    var month = Number(card.month);
    if (!/^\d{1,2}$/.test(String(card.month)) || month < 1 || month > 12) return failure('E_WC_06', 'Please provide valid expiration month.');
    if (!/^(\d{2}|\d{4})$/.test(String(card.year))) return failure('E_WC_07', 'Please provide valid expiration year.');
    var year = String(card.year).length === 2 ? 2000 + Number(card.year) : Number(card.year);
    var now = new Date();
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return failure('E_WC_08', 'Expiration date must be in the future.');
    if (card.cardCode !== undefined && !/^\d{3,4}$/.test(String(card.cardCode))) return failure('E_WC_15', 'Please provide valid CVV.');
    return null;
  }

  function dispatchData(secureData, responseHandler) {
    var handler = typeof responseHandler === 'function' ? responseHandler : window[responseHandler];
    if (typeof handler !== 'function') throw new Error('Accept.dispatchData needs a response handler: a function, or the name of a global one.');
    // The handler is always called later, never during dispatchData, as Accept.js does.
    var answer = function (response) {
      setTimeout(function () { handler(response); }, 0);
    };
    var auth = (secureData && secureData.authData) || {};
    var card = secureData && secureData.cardData;
    if (!auth.apiLoginID) return answer(failure('E_WC_10', 'Please provide valid apiloginid.'));
    if (!auth.clientKey) return answer(failure('E_WC_18', 'Client Key is required.'));
    if (!card) return answer(failure('E_WC_04', 'Please provide mandatory field to library.'));
    var problem = checkCard(card);
    if (problem) return answer(problem);

    var year = String(card.year).length === 2 ? '20' + card.year : String(card.year);
    var token = {
      cardNumber: String(card.cardNumber).replace(/[\s-]/g, ''),
      expirationDate: String(card.month).padStart(2, '0') + year,
    };
    if (card.cardCode !== undefined) token.cardCode = String(card.cardCode);
    if (card.zip) token.zip = String(card.zip);
    if (card.fullName) token.fullName = String(card.fullName);
    var request = {
      securePaymentContainerRequest: {
        merchantAuthentication: { name: auth.apiLoginID, clientKey: auth.clientKey },
        data: { type: 'TOKEN', id: crypto.randomUUID(), token: token },
      },
    };
    // A text body keeps it a simple cross-origin request; the API reads it as JSON.
    fetch(apiOrigin + '/xml/v1/request.api', { method: 'POST', body: JSON.stringify(request), credentials: 'omit' })
      .then(function (response) { return response.text(); })
      .then(function (text) {
        // The API starts its JSON with a byte-order mark.
        var body = JSON.parse(text.replace(/^\uFEFF/, ''));
        if (body.messages && body.messages.resultCode === 'Ok' && body.opaqueData) answer({ opaqueData: body.opaqueData, messages: body.messages });
        else answer(body.messages ? { messages: body.messages } : failure('E_WC_14', 'Accept.js encryption failed.'));
      })
      .catch(function () {
        answer(failure('E_WC_14', 'Accept.js encryption failed.'));
      });
  }

  window.Accept = { dispatchData: dispatchData };
})();
