#!/usr/bin/env perl
# Turns the statements a portal request ran, as Postgres logged them (log_min_duration_statement
# = 0), into a pgbench script running the same SQL: every `execute` of a statement starting with
# /* analytics */ (after the agency's own /* agency_N vM */, which the portal puts first and
# this leaves out) from line FIRST of LOG on, its logged parameters written in as literals, and
# the values named on the command line (VALUE=EXPRESSION, the literal without its quotes)
# written as the pgbench expressions given instead, so each transaction asks for its own period.
# With --one, only the first such statement (a request that runs one statement per agency).
#   perl pgbench-from-log.pl [--one] LOG FIRST [VALUE=EXPRESSION ...] > script.sql
use strict;
use warnings;

my $one = @ARGV && $ARGV[0] eq '--one' ? shift @ARGV : undef;
my ($log, $first, @swaps) = @ARGV;
die "usage: $0 LOG FIRST [VALUE=EXPRESSION ...]\n" unless defined $first;
my %swap = map { split /=/, $_, 2 } @swaps;

open my $fh, '<', $log or die "$log: $!\n";
my @lines = <$fh>;
close $fh;
splice @lines, 0, $first;

# One record per log entry: continuation lines start with a tab.
my @records;
for (@lines) {
    if (/^\t/ && @records) { $records[-1] .= $_ } else { push @records, $_ }
}

my $found = 0;
for my $i (0 .. $#records) {
    next unless $records[$i] =~ m{LOG:\s+duration: [\d.]+ ms\s+execute [^:]*: (?:/\* \w+ v\d+ \*/ )?(/\* analytics \*/.*)}s;
    my $sql = $1;
    $sql =~ s/\n\t/\n/g;
    $sql =~ s/\s+\z//;
    my %params;
    if ($i < $#records && $records[$i + 1] =~ /DETAIL:\s+parameters: (.*)/si) {
        my $detail = $1;
        while ($detail =~ /\$(\d+) = (NULL|'(?:[^']|'')*')/g) { $params{$1} = $2 }
    }
    for my $n (sort { $b <=> $a } keys %params) {
        my $value = $params{$n};
        (my $bare = $value) =~ s/^'(.*)'$/$1/s;
        $value = $swap{$bare} if exists $swap{$bare};
        $sql =~ s/\$$n(?!\d)/$value/g;
    }
    print "$sql;\n";
    $found++;
    last if $one;
}
die "no /* analytics */ statement found in $log from line $first\n" unless $found;
