import { Anchor, Button, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalculator } from '@tabler/icons-react';
import { type ReactElement, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useTaxYear } from '@/hooks/use-tax-year';
import { useTaxDetails } from '@/lib/api/tax/get-details';
import { errorText } from '@/lib/api-client';
import { useStartCalculation } from '../api/start-calculation';
import {
  buttonAction,
  buttonLabel,
  NOTFOUND_EMPTY,
  NOTFOUND_NEVER,
  NOTHING_TO_CALCULATE,
} from '../utils/button-state';
import { RestartModal } from './restart-modal';

export type CalculateButtonVariant = 'primary' | 'link' | 'tertiary' | 'notfound';

/**
 * The Calculate/View Taxes button in every variant and state of spec 01 §4: disabled with a
 * tooltip when nothing is taxable, a first calculation, View Taxes, the restart confirmation.
 */
export function CalculateTaxesButton({ variant = 'primary' }: { variant?: CalculateButtonVariant }) {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const details = useTaxDetails();
  const start = useStartCalculation();
  const [clicked, setClicked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const taxCalculated = details.data?.tax_calculated;
  // The calculate-clicked flag resets once taxCalculated is known (spec 01 §4).
  useEffect(() => {
    if (taxCalculated !== null && taxCalculated !== undefined) setClicked(false);
  }, [taxCalculated]);

  const action = buttonAction(details.data, clicked);
  // The latest year with a sale or income (never an empty default year): the header follows it.
  const year = details.data?.tax_year;
  const [, setTaxYear] = useTaxYear();
  const openYear = (y: number) => {
    setTaxYear(y);
    navigate(paths.oneYear.getHref(y));
  };

  const run = (recalculate: boolean) =>
    start.mutate(recalculate, {
      onSuccess: (data) => {
        setClicked(true);
        setConfirming(false);
        if (data.state === 'complete' && year) openYear(year);
        else navigate(paths.taxCalculation.getHref(data.trace_id));
      },
      onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
    });

  const onClick = () => {
    if (action === 'view' && year) openYear(year);
    else if (action === 'calculate') run(false);
    else if (action === 'restart') setConfirming(true);
  };

  const label = variant === 'link' ? 'Tax Center' : buttonLabel(action, mobile);
  const disabled = action === 'disabled' || action === 'loading';
  const control =
    variant === 'link' ? (
      <Anchor component="button" onClick={onClick} disabled={disabled} fw={600}>
        {label}
      </Anchor>
    ) : (
      <Button
        color="teal"
        variant={variant === 'tertiary' ? 'subtle' : 'filled'}
        leftSection={<IconCalculator size={18} />}
        onClick={onClick}
        disabled={disabled}
        loading={start.isPending}
        data-action={action}
      >
        {label}
      </Button>
    );

  return (
    <>
      {variant === 'notfound' ? (
        <Stack align="center" gap="sm">
          <Text c="dimmed" fz="sm" ta="center">
            {taxCalculated === true ? NOTFOUND_EMPTY : NOTFOUND_NEVER}
          </Text>
          {withTooltip(control, action === 'disabled')}
        </Stack>
      ) : (
        withTooltip(control, action === 'disabled')
      )}
      <RestartModal
        opened={confirming}
        loading={start.isPending}
        onCancel={() => setConfirming(false)}
        onRestart={() => run(true)}
      />
    </>
  );
}

function withTooltip(control: ReactElement, show: boolean) {
  if (!show) return control;
  return (
    <Tooltip label={NOTHING_TO_CALCULATE} multiline w={260} withArrow>
      <span style={{ display: 'inline-block' }}>{control}</span>
    </Tooltip>
  );
}
