import { Anchor, Avatar, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { discordAvatarUrl, initials } from '@/lib/avatar';
import {
  ABOUT_INTRO,
  ABOUT_LAST_UPDATED,
  CONTACTS,
  ROADMAP,
  TECHNOLOGY,
  WHAT_LIVES_HERE,
  type ContactProfile,
} from '../data/about-content';

function formatDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function ContactCard({ contact }: { contact: ContactProfile }) {
  const src = discordAvatarUrl({
    id: contact.discordId,
    avatar: contact.avatarHash,
    discriminator: contact.discriminator,
  });
  return (
    <Card withBorder padding="lg" radius="md">
      <Group wrap="nowrap" align="flex-start">
        {/* Mantine Avatar shows its children (the initials) when the image fails to load. */}
        <Avatar src={src} alt={contact.name} size={72} radius="xl" color="agency">
          {initials(contact.name)}
        </Avatar>
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
            {contact.role}
          </Text>
          <Text fw={700}>{contact.name}</Text>
          <Text size="sm">{contact.tagline}</Text>
          <Anchor href={contact.href} target="_blank" rel="noreferrer" size="sm">
            {contact.linkLabel}
          </Anchor>
          <Text size="sm" c="dimmed">
            {contact.note}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** About (member-portal §2.5). */
export function AboutPage() {
  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>About the portal</Title>
          <Text size="lg">{ABOUT_INTRO}</Text>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-what">
          <Title order={2} id="about-what">
            What lives here
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {WHAT_LIVES_HERE.map((tile) => (
              <Card key={tile.title} withBorder padding="lg" radius="md">
                <Text fw={700} mb={4}>
                  {tile.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {tile.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-tech">
          <Title order={2} id="about-tech">
            Technology & Hosting
          </Title>
          <List spacing="xs">
            {TECHNOLOGY.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-roadmap">
          <Title order={2} id="about-roadmap">
            Roadmap
          </Title>
          <List spacing="xs">
            {ROADMAP.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-help">
          <Title order={2} id="about-help">
            Need help?
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {CONTACTS.map((contact) => (
              <ContactCard key={contact.role} contact={contact} />
            ))}
          </SimpleGrid>
        </Stack>

        <Text size="sm" c="dimmed" ta="center">
          Last updated {formatDate(ABOUT_LAST_UPDATED)}
        </Text>
      </Stack>
    </Container>
  );
}
