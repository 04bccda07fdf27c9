import { Button, Card, Grid, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import builtInBadge from '@/assets/badge.svg';
import { isInternalHref, type HomeView } from '@/lib/home';

/** The home page hero: emblem, title, subtitle, body and the optional call to action. */
export function HomeHero({ home, headingOrder = 1 }: { home: HomeView; headingOrder?: 1 | 2 }) {
  return (
    <Card padding="xl" radius="lg" withBorder bg="var(--agency-surface-alt)" data-testid="home-hero">
      <Grid align="center" gap="xl">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Image
            src={home.image}
            fallbackSrc={builtInBadge}
            alt="Agency emblem"
            fit="contain"
            mah={220}
            data-testid="home-hero-image"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="sm">
            <Title order={headingOrder} data-testid="home-hero-title">
              {home.title}
            </Title>
            <Text size="lg" c="var(--agency-accent)" fw={600}>
              {home.subtitle}
            </Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{home.body}</Text>
            {home.cta !== null && (
              <Group>
                {isInternalHref(home.cta.href) ? (
                  <Button component={Link} to={home.cta.href} size="md">
                    {home.cta.label}
                  </Button>
                ) : (
                  <Button component="a" href={home.cta.href} size="md">
                    {home.cta.label}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
