-- Where each dock last said it stands (WGS-84), from the slow part of its osd: a dock reports its
-- position only every few seconds, so a console opening a map draws the docks from here at once
-- instead of waiting for that part. Written by ingestion when it changes; null until first heard.
alter table devices add column latitude double precision, add column longitude double precision;
