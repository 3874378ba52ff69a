import { type FormEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { post } from "../../lib/api.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { type FieldErrors, type FieldMessage, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { SaveCancel } from "./parts.tsx";
import {
  type Draft,
  type ProductConfig,
  type ProductField,
  type FieldIssue,
  bodyOf,
  draftOf,
  emptyDraft,
  fieldIssue,
} from "./product-config.ts";

/**
 * The console's product configuration, one component for every earn product an operator lists, creates, edits and
 * switches on or off (dual, IEO, lock mining): the page describes its fields and API paths, this renders the list,
 * the form with its checks and the audited save. The worker checks every field again and names what it refuses.
 */

/** A field's issue in words, translated on render. */
function messageOf(issue: FieldIssue): FieldMessage {
  switch (issue.kind) {
    case "required":
      return { code: "REQUIRED" };
    case "wholeNumber":
      return { key: "adminProducts.wholeNumber", values: { min: amount(issue.min), max: amount(issue.max) } };
    case "percentMax":
      return { key: "adminProducts.percentMax", values: { max: amount(issue.max) } };
    case "date":
      return { code: "PARAMETER_ERROR" };
  }
}

type Form = ReturnType<typeof useForm<string>>;

function Input<P>({ f, form, id, testId }: { f: ProductField<P>; form: Form; id: string; testId: string }) {
  const { t } = useTranslation();
  const value = form.values[f.key] ?? "";
  const invalid = Boolean(form.errors[f.key]);
  const shared = {
    id,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${id}-error` : undefined,
    "data-testid": testId,
  };
  switch (f.kind) {
    case "decimal":
    case "percent": {
      const bound = form.amount(f.key);
      return <AmountInput className="input num" {...shared} value={bound.value ?? ""} onChange={bound.onChange} />;
    }
    case "select":
      return (
        <select className="input" {...shared} value={value} onChange={(e) => form.set(f.key)(e.target.value)}>
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </select>
      );
    default:
      return (
        <input
          className={f.kind === "integer" ? "input num" : "input"}
          {...shared}
          type={f.kind === "date" ? "datetime-local" : "text"}
          inputMode={f.kind === "integer" ? "numeric" : undefined}
          maxLength={f.kind === "text" ? f.maxLength : undefined}
          autoCapitalize={f.kind === "coin" ? "characters" : undefined}
          autoComplete="off"
          spellCheck={f.kind === "coin" ? false : undefined}
          value={value}
          onChange={(e) => form.set(f.key)(e.target.value)}
        />
      );
  }
}

function ProductForm<P extends { id: number }>({
  config,
  initial,
  onDone,
}: {
  config: ProductConfig<P>;
  initial: Draft;
  onDone: () => void;
}) {
  useTexts("adminProducts");
  const { t } = useTranslation();
  const form = useForm<string>(initial.values);
  const ids = useId();
  const save = useMemo(
    () =>
      mutation(
        (body: Record<string, string | number | undefined>) => post<P>(config.savePath, body, { silent: true }),
        [[Q.admin], ...config.invalidates],
      ),
    [config],
  );
  const check = (): FieldErrors =>
    Object.fromEntries(
      config.fields.map((f) => {
        const issue = fieldIssue(f, form.values[f.key] ?? "");
        return [f.key, issue && messageOf(issue)];
      }),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(check, async () => {
      await save(bodyOf(config.fields, initial, form.values));
      toast(t(config.texts.saved));
      onDone();
    });
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid={`admin-${config.testId}-form`}>
      {config.fields.map((f) => {
        const id = `${ids}-${f.key}`;
        const error = form.errors[f.key];
        return (
          <div key={f.key} className="field">
            <label htmlFor={id}>{t(f.label)}</label>
            <Input f={f} form={form} id={id} testId={`${config.testId}-${f.key}`} />
            {error && (
              <span id={`${id}-error`} className="field-error" role="alert">
                {fieldMessageText(t, error)}
              </span>
            )}
          </div>
        );
      })}
      <label className="row">
        <input
          type="checkbox"
          checked={form.values.enabled === "1"}
          onChange={(e) => form.set("enabled")(e.target.checked ? "1" : "0")}
          data-testid={`${config.testId}-enabled`}
        />
        <span>{t(config.enabled.label)}</span>
      </label>
      <SaveCancel label={t(config.texts.save)} busy={form.submitting} testId={`${config.testId}-save`} onCancel={onDone} />
    </form>
  );
}

/** A product configuration page of the console: the products with their state and figures, "new", and the form. */
export function ProductConfigPage<P extends { id: number }>({ config }: { config: ProductConfig<P> }) {
  const { t } = useTranslation();
  const query = useQuery({ key: [Q.admin, config.listKey], load: config.list });
  const [editing, setEditing] = useState<Draft | null>(null);
  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else
    body = (
      <div className="stack">
        {editing ? (
          <ProductForm key={editing.id ?? "new"} config={config} initial={editing} onDone={() => setEditing(null)} />
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setEditing(emptyDraft(config.fields, Date.now()))}
            data-testid={`${config.testId}-new`}
          >
            {t(config.texts.create)}
          </button>
        )}
        {query.data.length === 0 ? (
          <EmptyState text={t(config.texts.empty)} />
        ) : (
          <ul className="record-list" data-testid={`admin-${config.testId}-list`}>
            {query.data.map((p) => {
              const badge = config.card.badge(p, t);
              return (
                <li key={p.id} className="record">
                  <div className="row-between">
                    <strong>{config.card.title(p, t)}</strong>
                    <span className={badge.tone ? `status-badge ${badge.tone}` : "status-badge"}>{badge.text}</span>
                  </div>
                  <dl className="kv kv-compact">
                    {config.card.rows(p, t).map(([label, value]) => [
                      <dt key={`${label}-dt`}>{t(label)}</dt>,
                      <dd key={`${label}-dd`} className="num">
                        {value}
                      </dd>,
                    ])}
                  </dl>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(draftOf(config, p))}>
                    {t(config.texts.edit)}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    );
  return <AdminShell title={t(config.title)}>{body}</AdminShell>;
}
