import { Alert, Button, Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { loginHref } from '@/lib/identity';
import { useMe } from '@/session/use-me';

export const SIGN_IN_TO_APPLY = 'Sign in with Discord to apply';
export const ON_ROSTER = "You are on this agency's roster already; applications are for people who are not.";

/** Who is looking at the applicant's pages: nobody yet (loading), a visitor, a roster member, or someone who may apply. */
export type ApplicantState = 'loading' | 'visitor' | 'member' | 'applicant';

export function useApplicantState(): ApplicantState {
  const me = useMe();
  if (me.isPending) return 'loading';
  if (me.data?.user == null) return 'visitor';
  return me.data.rosterMatches.length > 0 ? 'member' : 'applicant';
}

/**
 * What a visitor or a member reads above the forms: a visitor is asked to sign in with Discord
 * (and comes back to this page), a member is told that applications are for people who are
 * not on the roster. Nothing for someone who may apply.
 */
export function ApplicantNotice({ state }: { state: ApplicantState }) {
  const { pathname, search } = useLocation();
  if (state === 'visitor') {
    return (
      <Alert color="blue" variant="light" title={SIGN_IN_TO_APPLY} data-testid="apply-sign-in">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">You apply with your Discord account, so that reviewers know who you are. You can read the forms first.</Text>
          <Button component="a" href={loginHref(`${pathname}${search}`)}>
            Sign in with Discord
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state === 'member') {
    return (
      <Alert color="gray" variant="light" data-testid="apply-member">
        {ON_ROSTER}
      </Alert>
    );
  }
  return null;
}
