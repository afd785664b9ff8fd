import { memo, useId, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { MAP_KEYS_BY_TYPE } from '../../../electron/shared/domain';
import { DraftInput } from './draft-input';
import { paramFieldId } from './field-ids';
import type { FieldMessagesOf } from './field-messages';
import { DATA_TYPES, isDataType, MAP_FIELDS, type ParameterDraft } from './template-draft';
import { useTemplateFormStore } from './template-form-store';

export interface ParameterEditorProps {
  parameter: ParameterDraft;
  index: number;
  count: number;
  messagesOf: FieldMessagesOf;
  /** Ask the form to put the focus on `[data-focus=…]` or `[data-field=…]` after the next render. */
  focusAfterRender(selector: string): void;
}

/**
 * One parameter: identifier, name, type and the map keys of that type.
 *
 * Alt+ArrowUp / Alt+ArrowDown anywhere inside moves the parameter; the focus stays on the control
 * that had it. Values of keys the type does not take are kept (not sent) and named, so switching
 * back restores them.
 */
export const ParameterEditor = memo(function ParameterEditor({
  parameter,
  index,
  count,
  messagesOf,
  focusAfterRender,
}: ParameterEditorProps) {
  const { t } = useTranslation('templates');
  const headingId = useId();
  const actions = useTemplateFormStore(
    useShallow((s) => ({
      editParameter: s.editParameter,
      changeType: s.changeType,
      editMapValue: s.editMapValue,
      removeExtraKey: s.removeExtraKey,
      moveParameter: s.moveParameter,
      duplicateParameter: s.duplicateParameter,
      removeParameter: s.removeParameter,
      touch: s.touch,
    })),
  );
  const { key } = parameter;
  const at = (rest: string) => `parameters[${index}].${rest}`;
  const id = (rest: string) => paramFieldId(key, rest);
  const identifier = parameter.identifier.trim();
  const label = identifier
    ? t('parameter.labelNamed', { number: index + 1, identifier })
    : t('parameter.label', { number: index + 1 });

  const move = (delta: number, focus: string) => {
    if ((delta < 0 && index === 0) || (delta > 0 && index === count - 1)) return;
    actions.moveParameter(key, delta);
    focusAfterRender(focus);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const target = e.target as HTMLElement;
    const focus = target.dataset.field
      ? `[data-field="${CSS.escape(target.dataset.field)}"]`
      : target.dataset.focus
        ? `[data-focus="${CSS.escape(target.dataset.focus)}"]`
        : `[data-focus="${CSS.escape(`${key}:head`)}"]`;
    move(e.key === 'ArrowUp' ? -1 : 1, focus);
  };

  const dataType = parameter.dataType;
  const known = isDataType(dataType);
  // The form's order (min, max, step, unit), filtered to what the type takes.
  const shownKeys = known ? MAP_FIELDS.filter((k) => MAP_KEYS_BY_TYPE[dataType].includes(k)) : [];
  const hidden = known
    ? (['min', 'max', 'step', 'unitName'] as const).filter(
        (k) => !shownKeys.includes(k) && parameter.values[k].trim() !== '',
      )
    : [];
  const integerLike = dataType === 'INTEGER' || dataType === 'STRING';
  const parameterMessages = messagesOf(paramFieldId(key), `parameters[${index}]`);

  return (
    <section
      className="tpl-param"
      aria-labelledby={headingId}
      data-param-key={key}
      data-testid="template-parameter"
      onKeyDown={onKeyDown}
    >
      <header className="tpl-param-head">
        <h4 id={headingId} className="tpl-param-title" tabIndex={-1} data-focus={`${key}:head`}>
          <span className="tpl-param-number">{index + 1}</span>
          <span className="tpl-param-name">
            {identifier || <span className="text-muted">{t('parameter.new')}</span>}
          </span>
          {known && <span className="tpl-param-type">{dataType}</span>}
        </h4>
        <div className="tpl-param-actions" role="group" aria-label={t('parameter.actions', { label })}>
          <Button
            size="small"
            variant="ghost"
            className="btn-icon"
            aria-label={t('parameter.moveUp', { label })}
            title={t('parameter.moveUpTitle')}
            aria-disabled={index === 0}
            data-focus={`${key}:up`}
            onClick={() => move(-1, `[data-focus="${CSS.escape(`${key}:up`)}"]`)}
          >
            ↑
          </Button>
          <Button
            size="small"
            variant="ghost"
            className="btn-icon"
            aria-label={t('parameter.moveDown', { label })}
            title={t('parameter.moveDownTitle')}
            aria-disabled={index === count - 1}
            data-focus={`${key}:down`}
            onClick={() => move(1, `[data-focus="${CSS.escape(`${key}:down`)}"]`)}
          >
            ↓
          </Button>
          <Button
            size="small"
            variant="ghost"
            aria-label={t('parameter.duplicate', { label })}
            title={t('parameter.duplicateTitle')}
            className="btn-icon"
            data-focus={`${key}:duplicate`}
            onClick={() => {
              const copy = actions.duplicateParameter(key);
              if (copy) focusAfterRender(`[data-field="${CSS.escape(paramFieldId(copy, 'identifier'))}"]`);
            }}
          >
            <DuplicateIcon />
          </Button>
          <Button
            size="small"
            variant="ghost"
            className="btn-icon tpl-remove"
            aria-label={t('parameter.remove', { label })}
            title={t('parameter.removeTitle')}
            data-focus={`${key}:remove`}
            onClick={() => {
              actions.removeParameter(key);
              focusAfterRender('[data-focus="undo-remove"]');
            }}
          >
            ✕
          </Button>
        </div>
      </header>

      {parameterMessages.error && (
        <p className="field-error tpl-param-error" data-error-for={paramFieldId(key)}>
          {parameterMessages.error}
        </p>
      )}

      <div className="tpl-grid">
        <DraftInput
          label={t('parameter.identifier')}
          fieldId={id('identifier')}
          path={at('identifier')}
          value={parameter.identifier}
          messages={messagesOf(id('identifier'), at('identifier'))}
          placeholder={t('parameter.identifierPlaceholder')}
          maxLength={200}
          onChange={(v) => actions.editParameter(key, 'identifier', v)}
          onBlur={() => actions.touch(id('identifier'))}
        />
        <DraftInput
          label={t('parameter.name')}
          fieldId={id('name')}
          path={at('name')}
          value={parameter.name}
          messages={messagesOf(id('name'), at('name'))}
          placeholder={t('parameter.namePlaceholder')}
          onChange={(v) => actions.editParameter(key, 'name', v)}
          onBlur={() => actions.touch(id('name'))}
        />
      </div>

      <TypeSelect
        value={dataType}
        fieldId={id('dataType')}
        path={at('dataType')}
        error={messagesOf(id('dataType'), at('dataType')).error}
        onChange={(v) => actions.changeType(key, v)}
        onBlur={() => actions.touch(id('dataType'))}
      />

      {shownKeys.length > 0 && (
        <div className={dataType === 'STRING' ? 'tpl-grid' : 'tpl-grid tpl-grid-map'}>
          {shownKeys.map((k) => (
            <DraftInput
              key={k}
              label={
                dataType === 'STRING' && k === 'max' ? t('parameter.map.maxLength') : t(`parameter.map.${k}`)
              }
              fieldId={id(`map.${k}`)}
              path={at(`map.${k}`)}
              value={parameter.values[k]}
              messages={messagesOf(id(`map.${k}`), at(`map.${k}`))}
              inputMode={k === 'unitName' ? undefined : integerLike ? 'numeric' : 'decimal'}
              placeholder={
                k === 'unitName'
                  ? t('parameter.unitPlaceholder')
                  : dataType === 'STRING'
                    ? t('parameter.lengthPlaceholder')
                    : t('parameter.optional')
              }
              onChange={(v) => actions.editMapValue(key, k, v)}
              onBlur={() => actions.touch(id(`map.${k}`))}
            />
          ))}
        </div>
      )}
      {!known && <p className="field-hint">{t('parameter.chooseTypeHint')}</p>}

      {hidden.length > 0 && (
        <p className="field-hint tpl-hidden-note" data-testid="hidden-values">
          <Trans
            t={t}
            i18nKey="parameter.hidden"
            values={{ type: dataType }}
            components={{
              list: (
                <>
                  {hidden.map((k, i) => (
                    <span key={k}>
                      {i > 0 && t('parameter.listSeparator')}
                      {t(`parameter.hiddenKey.${k}`)} <span className="mono">{parameter.values[k]}</span>
                    </span>
                  ))}
                </>
              ),
            }}
          />
        </p>
      )}

      {Object.entries(parameter.extra).map(([mapKey, value]) => {
        const fieldId = id(`map.${mapKey}`);
        const error = messagesOf(fieldId, at(`map.${mapKey}`)).error;
        return (
          <div key={mapKey} className={`tpl-extra${error ? ' field-invalid' : ''}`}>
            <span className="tpl-extra-text">
              <Trans
                t={t}
                i18nKey="parameter.unknownKey"
                components={{
                  key: <span className="mono">{mapKey}</span>,
                  value: <span className="mono">{value || '""'}</span>,
                }}
              />
            </span>
            <Button
              size="small"
              variant="ghost"
              data-field={fieldId}
              data-path={at(`map.${mapKey}`)}
              aria-label={t('parameter.removeKeyOf', { key: mapKey, label })}
              aria-describedby={error ? `${headingId}-${mapKey}-error` : undefined}
              onClick={() => actions.removeExtraKey(key, mapKey)}
            >
              {t('parameter.removeKey')}
            </Button>
            {error && (
              <span className="field-error tpl-extra-error" id={`${headingId}-${mapKey}-error`}>
                {error}
              </span>
            )}
          </div>
        );
      })}
    </section>
  );
});

function TypeSelect({
  value,
  fieldId,
  path,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  fieldId: string;
  path: string;
  error?: string;
  onChange(value: string): void;
  onBlur(): void;
}) {
  const { t } = useTranslation('templates');
  const known = isDataType(value);
  return (
    <Field label={t('parameter.type')} error={error} className="tpl-type">
      {(control) => (
        <select
          className="input select"
          {...control}
          data-field={fieldId}
          data-path={path}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        >
          {!known && (
            <option value={value}>
              {value === '' ? t('parameter.chooseType') : t('parameter.unsupportedType', { type: value })}
            </option>
          )}
          {DATA_TYPES.map((type) => (
            <option key={type} value={type}>
              {t('parameter.typeOption', { type, hint: t(`parameter.typeHint.${type}`) })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Two overlapping sheets, drawn here: a font may lack the ⧉ glyph. */
function DuplicateIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <rect x="4.5" y="0.5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" />
      <path
        d="M2.5 4.5h-1a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h7a1 1 0 0 0 1-1v-1"
        fill="none"
        stroke="currentColor"
      />
    </svg>
  );
}
