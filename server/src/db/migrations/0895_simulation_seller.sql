-- The seller of a reform simulation (decision 061): a Simples Nacional company's receita bruta of the 12 months
-- before (LC 123/2006, art. 18: its bracket and DAS shares are its burden) and whether it pays IPI (an
-- industrial or equated establishment, RIPI arts. 8º–9º and 24); a retailer does not, so the IPI of its items
-- is not its burden. Runs before this carry no RBT12 and count IPI as before.
ALTER TABLE transition_simulations
  ADD COLUMN rbt12 numeric(15, 2) CHECK (rbt12 IS NULL OR (rbt12 > 0 AND rbt12 <= 4800000)),
  ADD COLUMN contribuinte_ipi boolean NOT NULL DEFAULT true;
