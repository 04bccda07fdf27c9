import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { useFormMutation } from '@/components/use-form-mutation';
import { tokensErrorText, useCreateToken, type CreatedToken, type ScopeInfo } from '../api/api-tokens';
import { EMPTY_TOKEN, NAME_MAX, scopeOptions, tokenBody, validateToken, type TokenValues } from '../lib/api-tokens';

/**
 * Create a token: its name and its scopes, each with what it allows. Once created the dialog
 * hands the token and its secret to `onCreated` (shown once); a refusal (a name in use) shows
 * the server's sentence above the buttons.
 */
export function CreateTokenDialog({ scopes, onCreated, onClose }: { scopes: readonly ScopeInfo[]; onCreated: (created: CreatedToken) => void; onClose: () => void }) {
  const slug = useActiveSlug();
  const create = useCreateToken(slug);
  const form = useForm<TokenValues>({ mode: 'controlled', initialValues: { ...EMPTY_TOKEN, scopes: [] }, validate: validateToken });
  const { send, dialog } = useFormMutation({ form, mutation: create, errorText: tokensErrorText, onClose, problemTestId: 'create-token-problem' });
  const options = scopeOptions(scopes);

  const submit = form.onSubmit((values) => {
    send(tokenBody(values, scopes), onCreated);
  });

  return (
    <FormDialog
      title="Create an API token"
      submitLabel="Create token"
      onSubmit={submit}
      {...dialog}
      gap="md"
    >
      <TextInput
        label="Name"
        description="Who uses it, such as Game server."
        withAsterisk
        data-autofocus
        maxLength={NAME_MAX}
        {...form.getInputProps('name')}
      />
      <Checkbox.Group label="Scopes" description="The token can do this and nothing else." withAsterisk {...form.getInputProps('scopes')}>
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Checkbox
              key={option.value}
              value={option.value}
              label={
                <Text span size="sm" ff="monospace">
                  {option.label}
                </Text>
              }
              description={option.help}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormDialog>
  );
}
