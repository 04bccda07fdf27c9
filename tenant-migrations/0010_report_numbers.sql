-- Report numbers (issue 19): a number a filer types is 1 to 9 digits, and the next number is
-- computed from numbers in that range only, so no stored value can break allocation. Rows
-- filed before the rule keep their number as it was (it is still unique and still shown); the
-- ones written with leading zeros are stored without them where that takes no other report's
-- number, so "007" and "7" cannot both exist.
UPDATE reports r
   SET number = (r.number::integer)::text
 WHERE r.number ~ '^0+[0-9]{1,9}$'
   AND (r.number::integer) > 0
   AND NOT EXISTS (SELECT 1 FROM reports o
                    WHERE o.kind = r.kind AND o.number = (r.number::integer)::text);

-- The highest number in range, per kind, read from the index rather than every row.
CREATE INDEX reports_number_value ON reports (kind, (number::integer))
 WHERE number ~ '^[1-9][0-9]{0,8}$';
