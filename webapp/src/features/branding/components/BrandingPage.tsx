import { Button, Card, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useAgency } from '@/agency/context';
import { applyThemePreview, clearThemePreview } from '@/agency/preview';
import { agencyConfigQueryOptions } from '@/api/agencies';
import { failureText, messageOf } from '@/api/client';
import builtInBadge from '@/assets/badge.svg';
import { AgencyDataButtons } from '@/components/AgencyDataButtons';
import { HighCommandNotice } from '@/components/HighCommandNotice';
import { HomeHero } from '@/components/HomeHero';
import { ImageUploadField } from '@/components/ImageUploadField';
import { Page } from '@/components/Page';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { resolveHome } from '@/lib/home';
import { imageProblem } from '@/lib/images';
import { useNavAccess } from '@/session/use-nav-access';
import { useSaveBranding, useUploadImage } from '../api/use-branding';
import {
  brandingChanged,
  brandingChanges,
  brandingPreview,
  brandingValues,
  COLOR_FIELDS,
  defaultColor,
  IMAGE_FIELDS,
  type BrandingValues,
  type ImageKey,
} from '../lib/branding';
import { ColorField } from './ColorField';
import { HomeCardsEditor } from './HomeCardsEditor';

export const NOT_HIGH_COMMAND = 'You need High Command access to modify agency branding.';
export const NO_AGENCY = 'Select an agency to manage its branding.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Agency branding (command-and-reports §2 Agency branding, §4 Branding preview, §5, §8). */
export function BrandingPage() {
  const { slug, config } = useAgency();
  const access = useNavAccess();
  if (slug === null || config === null) return <HighCommandNotice title="Branding">{NO_AGENCY}</HighCommandNotice>;
  if (!access.isHighCommand) return <HighCommandNotice title="Branding">{NOT_HIGH_COMMAND}</HighCommandNotice>;
  return <BrandingEditor slug={slug} />;
}

function BrandingEditor({ slug }: { slug: string }) {
  // The saved configuration (the agency context shows the preview while one is applied).
  const server = useQuery(agencyConfigQueryOptions(slug));
  const { config: live } = useAgency();
  const form = useForm<BrandingValues>({ mode: 'controlled', initialValues: brandingValues(server.data) });
  const save = useSaveBranding(slug);
  const upload = useUploadImage();
  const [uploading, setUploading] = useState<ImageKey | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const values = form.values;
  const dirty = brandingChanged(form.getInitialValues(), values);
  const busy = save.isPending;
  // An uploaded image or an edit is not kept until saved: ask before leaving (issue 11).
  useUnsavedChanges(dirty && !save.isPending);

  // The preview follows the draft while it is on...
  useEffect(() => {
    if (previewing) applyThemePreview({ slug, ...brandingPreview(values) });
  }, [previewing, slug, values]);
  // ...and leaving the screen restores the saved theme.
  useEffect(() => clearThemePreview, []);

  const stopPreview = () => {
    setPreviewing(false);
    clearThemePreview();
  };

  const loadValues = (next: BrandingValues) => {
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  };

  const onTogglePreview = () => {
    if (previewing) {
      stopPreview();
      notifications.show({ message: 'Preview cleared. Theme restored.' });
    } else {
      setPreviewing(true);
      notifications.show({ message: 'Preview applied. Remember to save to keep changes.' });
    }
  };

  const onRefresh = async () => {
    stopPreview();
    const result = await server.refetch();
    if (result.isError) {
      notifications.show({
        color: 'red',
        title: 'Failed to load agency config',
        message: messageOf(result.error, 'Failed to load agency config'),
      });
      return;
    }
    loadValues(brandingValues(result.data));
    notifications.show({ message: 'Branding settings reloaded from the server.' });
  };

  const onSave = () => {
    save.mutate(brandingChanges(form.getInitialValues(), values), {
      onSuccess: (agency) => {
        stopPreview();
        loadValues(brandingValues(agency));
        notifications.show({ color: 'green', message: 'Branding updated.' });
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Unable to save branding.',
          message: failureText(
            error,
            (status) => `Failed to update agency branding (HTTP ${status})`,
            messageOf(error, 'Unable to save branding.'),
          ),
        });
      },
    });
  };

  const onPickImage = (key: ImageKey, file: File) => {
    const problem = imageProblem(file);
    if (problem !== null) {
      notifications.show({ color: 'red', title: 'Failed to upload image', message: problem });
      return;
    }
    setUploading(key);
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        form.setFieldValue(key, url);
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Failed to upload image',
          message: failureText(error, () => 'Image upload failed.', 'Image upload failed.'),
        });
      },
      onSettled: () => {
        setUploading(null);
      },
    });
  };

  return (
    <Page
      gap="lg"
      title="Branding"
      description={`Home page, portal texts, images and colours of ${live?.name ?? slug}.`}
      actions={
        <>
          <Button
            variant={previewing ? 'filled' : 'light'}
            color={previewing ? 'orange' : undefined}
            onClick={onTogglePreview}
          >
            {previewing ? 'Stop preview' : 'Preview draft'}
          </Button>
          <Button variant="default" onClick={() => void onRefresh()} loading={server.isFetching && !busy}>
            Refresh
          </Button>
          <Button onClick={onSave} disabled={!dirty || busy} loading={busy}>
            {dirty ? 'Save changes' : 'Saved'}
          </Button>
        </>
      }
    >
      <Section title="Home page hero">
        <Stack gap="sm">
          <TextInput label="Hero title" disabled={busy} {...form.getInputProps('heroTitle')} />
          <TextInput label="Hero subtitle" disabled={busy} {...form.getInputProps('heroSubtitle')} />
          <Textarea label="Hero body" autosize minRows={3} disabled={busy} {...form.getInputProps('heroBody')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Call-to-action label" disabled={busy} {...form.getInputProps('heroCtaLabel')} />
            <TextInput
              label="Call-to-action link"
              placeholder="/roster"
              disabled={busy}
              {...form.getInputProps('heroCtaHref')}
            />
          </SimpleGrid>
        </Stack>
      </Section>

      <Section title="Portal text">
        <Stack gap="sm">
          <TextInput label="Short description" disabled={busy} {...form.getInputProps('description')} />
          <Textarea
            label="Detailed description"
            autosize
            minRows={3}
            disabled={busy}
            {...form.getInputProps('longDescription')}
          />
        </Stack>
      </Section>

      <Section title="Images">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {IMAGE_FIELDS.map(({ key, label }) => (
            <ImageUploadField
              key={key}
              label={label}
              value={values[key]}
              uploading={uploading === key}
              disabled={busy || (uploading !== null && uploading !== key)}
              onPick={(file) => {
                onPickImage(key, file);
              }}
              onClear={() => {
                form.setFieldValue(key, '');
              }}
            />
          ))}
        </SimpleGrid>
      </Section>

      <Section title="Colours">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {COLOR_FIELDS.map(({ key, label }) => (
            <ColorField
              key={key}
              label={label}
              value={values[key]}
              disabled={busy}
              onChange={(value) => {
                form.setFieldValue(key, value);
              }}
              onReset={() => {
                form.setFieldValue(key, defaultColor(key, values));
              }}
            />
          ))}
        </SimpleGrid>
      </Section>

      <Section title="Homepage cards">
        <HomeCardsEditor form={form} disabled={busy} />
      </Section>

      <Section title="Home page as shown">
        <Text size="sm" c="dimmed" mb="sm">
          {previewing ? 'Showing your draft (not saved yet).' : 'The saved home page hero.'}
        </Text>
        <HomeHero home={resolveHome(live, builtInBadge)} headingOrder={2} />
      </Section>

      <Section title="Data and backups">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Export {live?.name ?? slug} as one file (to keep, or to move it to another portal), and see, download and schedule its
            backups.
          </Text>
          <AgencyDataButtons slug={slug} name={live?.name ?? slug} activeSlug={slug} size="sm" />
        </Stack>
      </Section>
    </Page>
  );
}
