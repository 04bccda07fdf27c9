/*
 * The OnlyOffice Docs stand-in's editor script (served by `office-standin` at
 * /web-apps/apps/api/documents/api.js; browser tests only). It offers what the web app's
 * DocumentEditor (@onlyoffice/document-editor-react) uses of the real api.js:
 *
 *   window.DocsAPI.DocEditor(placeholderId, config) → { destroyEditor() }
 *
 * As the real one, it replaces the placeholder element with the editor (the real one puts an
 * iframe there) and `destroyEditor` puts an empty placeholder with the same id back; it calls
 * `config.events.onAppReady` once the editor is shown, then `onDocumentReady` when the stand-in
 * server has opened the document, or `onError` ({ errorCode, errorDescription }) when it has not.
 * The editor shows the file's title, the mode, the member's name and the server's messages; in
 * edit mode, Save ends the session with a save: the server sends the portal's save callback
 * and the editor shows the portal's answer. Values from the configuration are put in the page
 * as text only.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  // The stand-in's own address: the script was loaded from it.
  var server = script ? new URL(script.src).origin : '';

  function element(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.style.cssText = style;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // POSTs the configuration's token to the stand-in server: its JSON answer, or an Error.
  function call(path, token) {
    return fetch(server + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: token || '' }),
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error(body.error || 'HTTP ' + response.status);
        return body;
      });
    });
  }

  function DocEditor(placeholderId, config) {
    config = config || {};
    var events = config.events || {};
    var doc = config.document || {};
    var editorConfig = config.editorConfig || {};
    var user = editorConfig.user || {};
    var editing = editorConfig.mode === 'edit';
    var destroyed = false;
    var editor = {};

    function fire(name, data) {
      var handler = events[name];
      if (destroyed || typeof handler !== 'function') return;
      try {
        handler.call(editor, { target: editor, data: data });
      } catch (error) {
        console.error(error);
      }
    }

    var frame = element(
      'div',
      'width:' + (config.width || '100%') + ';height:' + (config.height || '100%') +
        ';box-sizing:border-box;display:flex;flex-direction:column;border:1px solid #b8c4d6;' +
        'border-radius:4px;overflow:hidden;background:#f3f5f8;color:#1f2933;font:14px/1.45 system-ui,sans-serif',
    );
    frame.setAttribute('role', 'region');
    frame.setAttribute('aria-label', 'OnlyOffice stand-in');
    frame.setAttribute('data-testid', 'office-standin');

    var bar = element(
      'div',
      'display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;padding:8px 12px;background:#446995;color:#fff',
    );
    var title = element('strong', 'overflow-wrap:anywhere;min-width:0', doc.title || 'Untitled');
    title.setAttribute('data-testid', 'office-standin-title');
    var mode = element('span', 'padding:0 6px;border-radius:3px;background:rgba(255,255,255,.2)', editing ? 'Editing' : 'Viewing');
    mode.setAttribute('data-testid', 'office-standin-mode');
    var who = element('span', 'overflow-wrap:anywhere;min-width:0', user.name || 'Anonymous');
    who.setAttribute('data-testid', 'office-standin-user');
    bar.appendChild(title);
    bar.appendChild(mode);
    bar.appendChild(who);

    var save = null;
    if (editing) {
      save = element('button', 'margin-left:auto;padding:4px 14px;border:0;border-radius:4px;background:#fff;color:#446995;font:inherit;font-weight:600;cursor:pointer', 'Save');
      save.type = 'button';
      save.disabled = true;
      bar.appendChild(save);
    }

    var page = element('div', 'flex:1;min-height:0;overflow:auto;margin:12px;padding:16px;background:#fff;border:1px solid #d6dde8');
    page.appendChild(
      element(
        'p',
        'margin:0 0 8px',
        'OnlyOffice Docs stand-in (browser tests): the document server would show the document here.',
      ),
    );
    var status = element('p', 'margin:0;font-weight:600;overflow-wrap:anywhere', 'Opening the document…');
    status.setAttribute('role', 'status');
    status.setAttribute('data-testid', 'office-standin-status');
    page.appendChild(status);
    frame.appendChild(bar);
    frame.appendChild(page);

    var target = document.getElementById(placeholderId);
    if (target && target.parentNode) target.parentNode.replaceChild(frame, target);

    if (save) {
      save.addEventListener('click', function () {
        save.disabled = true;
        status.textContent = 'Saving…';
        call('/standin/save', config.token)
          .then(function (body) {
            var answer = body.portal || {};
            status.textContent =
              (answer.error === 0 ? 'Saved. ' : 'Not saved. ') + 'The portal answered: ' + JSON.stringify(answer);
          })
          .catch(function (error) {
            status.textContent = 'Not saved: ' + error.message;
          })
          .then(function () {
            save.disabled = false;
          });
      });
    }

    setTimeout(function () {
      fire('onAppReady');
      call('/standin/open', config.token)
        .then(function (body) {
          if (destroyed) return;
          status.textContent = 'Opened ' + body.title + ' (' + body.bytes + ' bytes) for ' + (editing ? 'editing.' : 'viewing.');
          if (save) save.disabled = false;
          fire('onDocumentReady');
        })
        .catch(function (error) {
          if (destroyed) return;
          status.textContent = 'The document could not be opened: ' + error.message;
          fire('onError', { errorCode: -4, errorDescription: error.message });
        });
    }, 0);

    editor.destroyEditor = function () {
      var placeholder = document.createElement('div');
      placeholder.id = placeholderId;
      if (frame.parentNode) frame.parentNode.replaceChild(placeholder, frame);
      destroyed = true;
    };
    return editor;
  }

  DocEditor.version = function () {
    return 'stand-in';
  };

  window.DocsAPI = window.DocsAPI || {};
  window.DocsAPI.DocEditor = DocEditor;
})();
