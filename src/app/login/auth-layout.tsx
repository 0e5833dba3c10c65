/**
 * The parts the open pages share (docs/product.md §2: login, password reset request and
 * confirmation): the full-screen card with the brand and heading, the error and note callouts, and
 * a large labelled field whose error stands beside it (docs/product.md §8).
 */
import type { ReactElement, ReactNode } from 'react';
import {
  Button,
  Callout,
  Card,
  FormGroup,
  H1,
  InputGroup,
  type InputGroupProps,
} from '@blueprintjs/core';
import { ErrorIcon, TickCircleIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { Logo } from '../logo';

export interface AuthPageProps {
  /** The heading's element id, for the form's `aria-labelledby`. */
  readonly headingId: string;
  /** The heading text. */
  readonly title: ReactNode;
  readonly children: ReactNode;
}

/** The full-screen card: the product's logo and name, the heading, then `children`. */
export function AuthPage({ headingId, title, children }: AuthPageProps) {
  return (
    <main className="joule-login">
      <Card elevation={2} className="joule-login-card">
        <div className="joule-login-brand">
          <Logo size={40} />
          <span className="joule-login-product">
            <FormattedMessage id="app.name" />
          </span>
        </div>
        <H1 id={headingId} className="joule-login-title">
          {title}
        </H1>
        {children}
      </Card>
    </main>
  );
}

/** What went wrong, above the form (`role="alert"`, read out at once). */
export function AuthError({ children }: { readonly children: ReactNode }) {
  return (
    <Callout intent="danger" icon={<ErrorIcon />} role="alert" className="joule-login-error">
      {children}
    </Callout>
  );
}

/** What went right, above the form (`role="status"`). */
export function AuthNote({ children }: { readonly children: ReactNode }) {
  return (
    <Callout intent="success" icon={<TickCircleIcon />} role="status" className="joule-login-note">
      {children}
    </Callout>
  );
}

export interface AuthFieldProps extends Pick<
  InputGroupProps,
  'name' | 'type' | 'autoComplete' | 'autoFocus' | 'value' | 'onValueChange' | 'readOnly'
> {
  /** The input's element id; its error text gets `<id>-error`. */
  readonly id: string;
  readonly label: string;
  readonly icon: ReactElement;
  /**
   * The field's error (docs/product.md §8: beside the field), marking the input
   * invalid; none when unset.
   */
  readonly error?: string;
}

/** A large, required input with its label and, when given, its error beside it. */
export function AuthField({ id, label, icon, error, ...input }: AuthFieldProps) {
  const intent = error ? 'danger' : 'none';
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={intent}
      helperText={error && <span id={`${id}-error`}>{error}</span>}
    >
      <InputGroup
        {...input}
        id={id}
        required
        size="large"
        intent={intent}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        leftIcon={icon}
      />
    </FormGroup>
  );
}

/** The form's one large primary submit button, busy while `loading`. */
export function AuthSubmit({
  text,
  loading,
}: {
  readonly text: string;
  readonly loading: boolean;
}) {
  return <Button type="submit" intent="primary" size="large" fill loading={loading} text={text} />;
}
