import type { CallFailure } from '@/lib/catalogue-failure';
import { callFailureOf } from './catalogue-calls';
import { Page } from './Page';
import { QueryStatus, type QueryStatusProps } from './QueryStatus';

export interface MemberCataloguePageProps extends Omit<QueryStatusProps, 'errorText'> {
  title: string;
  description: string;
  /** The catalogue's member failure text (`catalogueFailureTexts`' `memberLoadErrorText`). */
  failureText: (failure: CallFailure | null) => string;
}

/**
 * A catalogue as members read it (equipment, uniforms, SOPs; member-portal §2.8, §8): the page
 * with its title and description, the list's loading and empty states, and a failure said with
 * the catalogue's member text ('HTTP {status}', or its fallback when the call failed outright).
 */
export function MemberCataloguePage({ title, description, failureText, ...status }: MemberCataloguePageProps) {
  return (
    <Page title={title} description={description}>
      <QueryStatus {...status} errorText={(error) => failureText(callFailureOf(error))} />
    </Page>
  );
}
