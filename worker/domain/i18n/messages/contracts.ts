import { defineMessages } from "./define.ts";

/** Contract (lever) trading. */
export const contracts = defineMessages({
  CONTRACT_UNKNOWN: {
    en: "This pair has no contracts",
    zh: "该交易对暂无合约",
    hk: "此交易對暫無合約",
    th: "คู่นี้ไม่มีสัญญา",
    jp: "このペアには契約取引がありません",
    kor: "이 거래쌍에는 계약 거래가 없습니다",
    fra: "Cette paire n'a pas de contrats",
    spa: "Este par no tiene contratos",
    vn: "Cặp này không có hợp đồng",
  },
  CONTRACT_LOTS_RANGE: {
    en: "Lots must be a whole number from {min} to {max}",
    zh: "手数必须是 {min} 到 {max} 之间的整数",
    hk: "手數必須是 {min} 至 {max} 之間的整數",
    th: "จำนวนล็อตต้องเป็นจำนวนเต็มตั้งแต่ {min} ถึง {max}",
    jp: "ロット数は {min} から {max} までの整数にしてください",
    kor: "랏 수는 {min}에서 {max} 사이의 정수여야 합니다",
    fra: "Le nombre de lots doit être un entier de {min} à {max}",
    spa: "Los lotes deben ser un número entero de {min} a {max}",
    vn: "Số lot phải là số nguyên từ {min} đến {max}",
  },
  CONTRACT_MULTIPLE_INVALID: {
    en: "Choose one of the offered multiples",
    zh: "请选择提供的倍数之一",
    hk: "請選擇提供的倍數之一",
    th: "กรุณาเลือกตัวคูณที่มีให้",
    jp: "提示された倍率から選んでください",
    kor: "제공된 배수 중 하나를 선택하세요",
    fra: "Choisissez l'un des multiplicateurs proposés",
    spa: "Elija uno de los multiplicadores ofrecidos",
    vn: "Hãy chọn một trong các hệ số được cung cấp",
  },
  CONTRACT_LIMIT_OFF: {
    en: "Limit entry is not available for this pair",
    zh: "该交易对暂不支持限价开仓",
    hk: "此交易對暫不支援限價開倉",
    th: "คู่นี้ยังไม่รองรับการเปิดสถานะแบบจำกัดราคา",
    jp: "このペアでは指値エントリーを利用できません",
    kor: "이 거래쌍은 지정가 진입을 지원하지 않습니다",
    fra: "L'entrée à cours limité n'est pas disponible pour cette paire",
    spa: "La entrada limitada no está disponible para este par",
    vn: "Cặp này không hỗ trợ vào lệnh giới hạn",
  },
  CONTRACT_STOPS_OFF: {
    en: "Take-profit and stop-loss are not available for this pair",
    zh: "该交易对暂不支持止盈止损",
    hk: "此交易對暫不支援止盈止損",
    th: "คู่นี้ยังไม่รองรับทำกำไรและตัดขาดทุน",
    jp: "このペアでは利確・損切りを利用できません",
    kor: "이 거래쌍은 익절·손절을 지원하지 않습니다",
    fra: "La prise de bénéfices et le stop de perte ne sont pas disponibles pour cette paire",
    spa: "La toma de ganancias y el stop loss no están disponibles para este par",
    vn: "Cặp này không hỗ trợ chốt lời và cắt lỗ",
  },
  CONTRACT_TARGET_REQUIRED: {
    en: "Enter the entry price",
    zh: "请输入开仓价格",
    hk: "請輸入開倉價格",
    th: "กรุณากรอกราคาเข้า",
    jp: "エントリー価格を入力してください",
    kor: "진입 가격을 입력하세요",
    fra: "Saisissez le prix d'entrée",
    spa: "Introduzca el precio de entrada",
    vn: "Vui lòng nhập giá vào lệnh",
  },
  CONTRACT_TARGET_SIDE: {
    en: "A long's entry price must be below the current price and a short's above it",
    zh: "做多的开仓价须低于当前价，做空的须高于当前价",
    hk: "做多的開倉價須低於當前價，做空的須高於當前價",
    th: "ราคาเข้าของ Long ต้องต่ำกว่าราคาปัจจุบัน และของ Short ต้องสูงกว่า",
    jp: "ロングのエントリー価格は現在値より低く、ショートは高くしてください",
    kor: "롱의 진입 가격은 현재가보다 낮아야 하고 숏은 높아야 합니다",
    fra: "Le prix d'entrée d'un achat doit être sous le cours actuel, celui d'une vente au-dessus",
    spa: "El precio de entrada de un largo debe estar por debajo del actual y el de un corto por encima",
    vn: "Giá vào của lệnh Long phải thấp hơn giá hiện tại, của lệnh Short phải cao hơn",
  },
  CONTRACT_NO_PRICE: {
    en: "No live reference price for this pair right now; try again shortly",
    zh: "该交易对当前没有实时参考价，请稍后再试",
    hk: "此交易對目前沒有即時參考價，請稍後再試",
    th: "ขณะนี้คู่นี้ไม่มีราคาอ้างอิงสด กรุณาลองใหม่ภายหลัง",
    jp: "現在このペアのリアルタイム参照価格がありません。しばらくしてからお試しください",
    kor: "현재 이 거래쌍의 실시간 기준 가격이 없습니다. 잠시 후 다시 시도하세요",
    fra: "Pas de prix de référence en direct pour cette paire ; réessayez dans un instant",
    spa: "No hay precio de referencia en vivo para este par; inténtelo de nuevo en breve",
    vn: "Hiện chưa có giá tham chiếu trực tiếp cho cặp này; vui lòng thử lại sau",
  },
  CONTRACT_CLOSING: {
    en: "A position is being closed; new orders wait until it is done",
    zh: "有持仓正在平仓中，完成前不能下新单",
    hk: "有持倉正在平倉中，完成前不能下新單",
    th: "มีสถานะกำลังปิดอยู่ จะเปิดคำสั่งใหม่ได้เมื่อเสร็จสิ้น",
    jp: "決済処理中のポジションがあります。完了までは新規注文できません",
    kor: "청산 중인 포지션이 있어 완료될 때까지 새 주문을 할 수 없습니다",
    fra: "Une position est en cours de clôture ; les nouveaux ordres attendent la fin",
    spa: "Se está cerrando una posición; las nuevas órdenes esperan a que termine",
    vn: "Có vị thế đang được đóng; lệnh mới phải chờ đến khi hoàn tất",
  },
  CONTRACT_TP_NOT_BEYOND: {
    en: "Take-profit must be beyond both the open price and the current price",
    zh: "止盈价须同时优于开仓价和当前价",
    hk: "止盈價須同時優於開倉價和當前價",
    th: "ราคาทำกำไรต้องเหนือกว่าทั้งราคาเปิดและราคาปัจจุบัน",
    jp: "利確価格は建値と現在値の両方より有利な側にしてください",
    kor: "익절 가격은 진입가와 현재가보다 모두 유리해야 합니다",
    fra: "La prise de bénéfices doit dépasser le prix d'ouverture et le cours actuel",
    spa: "La toma de ganancias debe superar el precio de apertura y el actual",
    vn: "Giá chốt lời phải vượt cả giá mở và giá hiện tại",
  },
  CONTRACT_SL_NOT_BEYOND: {
    en: "Stop-loss must be beyond both the open price and the current price on the losing side",
    zh: "止损价须同时处于开仓价和当前价的亏损一侧",
    hk: "止損價須同時處於開倉價和當前價的虧損一側",
    th: "ราคาตัดขาดทุนต้องอยู่ฝั่งขาดทุนของทั้งราคาเปิดและราคาปัจจุบัน",
    jp: "損切り価格は建値と現在値の両方より不利な側にしてください",
    kor: "손절 가격은 진입가와 현재가 모두의 손실 쪽에 있어야 합니다",
    fra: "Le stop de perte doit se situer du côté perdant du prix d'ouverture et du cours actuel",
    spa: "El stop loss debe estar del lado perdedor del precio de apertura y del actual",
    vn: "Giá cắt lỗ phải nằm ở phía lỗ so với cả giá mở và giá hiện tại",
  },
  CONTRACT_NOT_OPEN: {
    en: "This position is no longer open",
    zh: "该持仓已不在持仓中",
    hk: "該持倉已不在持倉中",
    th: "สถานะนี้ไม่ได้เปิดอยู่แล้ว",
    jp: "このポジションはすでに保有中ではありません",
    kor: "이 포지션은 더 이상 보유 중이 아닙니다",
    fra: "Cette position n'est plus ouverte",
    spa: "Esta posición ya no está abierta",
    vn: "Vị thế này không còn mở",
  },
  CONTRACT_NOT_ENTRUSTED: {
    en: "This order is no longer waiting for its price",
    zh: "该委托已不在等待成交",
    hk: "該委託已不在等待成交",
    th: "คำสั่งนี้ไม่ได้รอราคาอยู่แล้ว",
    jp: "この注文はもう約定待ちではありません",
    kor: "이 주문은 더 이상 가격을 기다리지 않습니다",
    fra: "Cet ordre n'attend plus son prix",
    spa: "Esta orden ya no espera su precio",
    vn: "Lệnh này không còn chờ khớp giá",
  },
  CONTRACT_COPIED: {
    en: "A copied position closes with its trader; choose self-hold first",
    zh: "跟单持仓随交易员平仓，请先转为自持",
    hk: "跟單持倉隨交易員平倉，請先轉為自持",
    th: "สถานะที่คัดลอกจะปิดตามเทรดเดอร์ กรุณาเลือกถือเองก่อน",
    jp: "コピーしたポジションはトレーダーと一緒に決済されます。先に自己保有にしてください",
    kor: "복사한 포지션은 트레이더와 함께 청산됩니다. 먼저 직접 보유로 바꾸세요",
    fra: "Une position copiée se clôt avec son trader ; choisissez d'abord de la garder",
    spa: "Una posición copiada se cierra con su trader; elija primero mantenerla usted",
    vn: "Vị thế sao chép đóng theo nhà giao dịch; hãy chọn tự nắm giữ trước",
  },
  CONTRACT_OPENED: {
    en: "Order placed",
    zh: "下单成功",
    hk: "下單成功",
    th: "ส่งคำสั่งแล้ว",
    jp: "注文しました",
    kor: "주문되었습니다",
    fra: "Ordre passé",
    spa: "Orden realizada",
    vn: "Đã đặt lệnh",
  },
  CONTRACT_CLOSED: {
    en: "Position closed",
    zh: "平仓成功",
    hk: "平倉成功",
    th: "ปิดสถานะแล้ว",
    jp: "決済しました",
    kor: "청산되었습니다",
    fra: "Position clôturée",
    spa: "Posición cerrada",
    vn: "Đã đóng vị thế",
  },
  CONTRACT_STOPS_SET: {
    en: "Take-profit and stop-loss saved",
    zh: "止盈止损已设置",
    hk: "止盈止損已設定",
    th: "บันทึกทำกำไรและตัดขาดทุนแล้ว",
    jp: "利確・損切りを保存しました",
    kor: "익절·손절이 저장되었습니다",
    fra: "Prise de bénéfices et stop de perte enregistrés",
    spa: "Toma de ganancias y stop loss guardados",
    vn: "Đã lưu chốt lời và cắt lỗ",
  },
  CONTRACT_CANCELLED: {
    en: "Order cancelled",
    zh: "委托已撤销",
    hk: "委託已撤銷",
    th: "ยกเลิกคำสั่งแล้ว",
    jp: "注文を取り消しました",
    kor: "주문이 취소되었습니다",
    fra: "Ordre annulé",
    spa: "Orden cancelada",
    vn: "Đã hủy lệnh",
  },
  LEVER_TRANSFER_CLOSING: {
    en: "Transfers out of the lever account wait until your closing positions are settled",
    zh: "有持仓正在平仓结算，暂不能从杠杆账户转出",
    hk: "有持倉正在平倉結算，暫不能從槓桿賬戶轉出",
    th: "มีสถานะกำลังปิดและชำระ จึงยังโอนออกจากบัญชีเลเวอเรจไม่ได้",
    jp: "決済中のポジションがあるため、レバレッジ口座からの振替は完了までお待ちください",
    kor: "청산 정산 중인 포지션이 있어 레버리지 계정에서 이체할 수 없습니다",
    fra: "Les virements depuis le compte à effet de levier attendent le règlement de vos positions en clôture",
    spa: "Las transferencias desde la cuenta apalancada esperan a que se liquiden sus posiciones en cierre",
    vn: "Chuyển tiền ra khỏi tài khoản đòn bẩy phải chờ các vị thế đang đóng được thanh toán",
  },
  /** The liquidation rule as /lever/deal publishes it ({hazard}: the hazard rate in percent). */
  CONTRACT_RULE_ISOLATED: {
    en:
      "Each position stands alone: it is liquidated when the reference price reaches its liquidation price, " +
      "where margin + P/L is {hazard} of the margin. You never lose more than its margin; insurance pays any " +
      "excess.",
    zh: "每笔持仓独立计算。当参考价格触及其强平价时强制平仓，此时该持仓权益（保证金 + 盈亏）已降至保证金的 {hazard}。您的损失不会超过该持仓的保证金，超出部分由保险账户承担。",
    hk: "每筆持倉獨立計算。當參考價格觸及其強平價時強制平倉，此時該持倉權益（保證金 + 盈虧）已降至保證金的 {hazard}。您的損失不會超過該持倉的保證金，超出部分由保險帳戶承擔。",
    th:
      "แต่ละสถานะแยกจากกัน จะถูกบังคับปิดเมื่อราคาอ้างอิงถึงราคาบังคับปิด ซึ่งเป็นจุดที่มูลค่า (มาร์จิ้น + " +
      "กำไร/ขาดทุน) ลดลงเหลือ {hazard} ของมาร์จิ้น คุณจะไม่ขาดทุนเกินมาร์จิ้นของสถานะนั้น ส่วนที่เกินบัญชีประกันเป็นผู้จ่าย",
    jp: "各ポジションは独立しています。参照価格がロスカット価格に達すると決済されます。その時点で評価額（証拠金 + 損益）は証拠金の {hazard} まで下がっています。損失がそのポジションの証拠金を超えることはなく、超過分は保険口座が負担します。",
    kor: "각 포지션은 독립적입니다. 기준 가격이 청산가에 도달하면 청산되며, 이때 평가액(증거금 + 손익)은 증거금의 {hazard}로 떨어진 상태입니다. 손실은 해당 포지션의 증거금을 넘지 않으며, 초과 손실은 보험 계정이 부담합니다.",
    fra:
      "Chaque position est indépendante. Elle est liquidée quand le prix de référence atteint son prix de liquidation, " +
      "où sa valeur (marge + P/P) est tombée à {hazard} de sa marge. Vous ne perdez jamais plus que la marge " +
      "de cette position : une perte supérieure est payée par le compte d'assurance.",
    spa:
      "Cada posición es independiente. Se liquida cuando el precio de referencia alcanza su precio de liquidación, " +
      "donde su valor (margen + G/P) ha caído al {hazard} de su margen. Nunca pierde más que el margen de esa " +
      "posición: una pérdida mayor la paga la cuenta de seguro.",
    vn:
      "Mỗi vị thế độc lập. Vị thế bị thanh lý khi giá tham chiếu chạm giá thanh lý, lúc giá trị (ký quỹ + lãi/lỗ) " +
      "đã giảm còn {hazard} ký quỹ. Bạn không bao giờ mất nhiều hơn ký quỹ của vị thế đó: khoản lỗ lớn hơn " +
      "do quỹ bảo hiểm chi trả.",
  },
  /** The overnight fee rule as /lever/deal publishes it. */
  CONTRACT_RULE_OVERNIGHT: {
    en: "Held past 00:00 UTC: the daily overnight rate on the open value, from the margin first, then the lever balance.",
    zh: "持仓跨过 UTC 00:00 时，每天按开仓价值收取一次隔夜费，先从保证金扣除，再从杠杆账户余额扣除；强平价随之调整。",
    hk: "持倉跨過 UTC 00:00 時，每天按開倉價值收取一次隔夜費，先從保證金扣除，再從槓桿帳戶餘額扣除；強平價隨之調整。",
    th: "สถานะที่ถือข้ามเวลา 00:00 UTC จะจ่ายอัตราข้ามคืนจากมูลค่าเปิดวันละครั้ง โดยหักจากมาร์จิ้นก่อน แล้วจึงหักจากยอดบัญชีเลเวอเรจ ราคาบังคับปิดจะขยับเข้าใกล้ตามนั้น",
    jp: "UTC 00:00 を越えて保有したポジションは、1 日 1 回、建玉価値にオーバーナイト料率を掛けた額を、まず証拠金から、次にレバレッジ残高から支払います。ロスカット価格もそれに応じて近づきます。",
    kor: "UTC 00:00을 넘겨 보유한 포지션은 하루 한 번 진입 가치에 오버나이트 요율을 곱한 금액을 먼저 증거금에서, 그다음 레버리지 잔고에서 냅니다. 청산가도 그만큼 가까워집니다.",
    fra:
      "Une position conservée après 00:00 UTC paie une fois par jour le taux de nuit sur sa valeur d'ouverture, " +
      "d'abord sur sa marge, puis sur votre solde à effet de levier ; son prix de liquidation se rapproche " +
      "d'autant.",
    spa:
      "Una posición mantenida después de las 00:00 UTC paga una vez al día la tasa nocturna sobre su valor " +
      "de apertura, primero de su margen y luego de su saldo apalancado; su precio de liquidación se acerca " +
      "en consecuencia.",
    vn:
      "Vị thế giữ qua 00:00 UTC trả phí qua đêm trên giá trị mở mỗi ngày một lần, trừ vào ký quỹ trước, sau " +
      "đó vào số dư đòn bẩy; giá thanh lý dịch lại gần tương ứng.",
  },
  /** Which price every event uses, as /lever/deal publishes it. */
  CONTRACT_RULE_PRICE: {
    en:
      "Every open, close and trigger uses the reference price of that moment, with its time; a long opens at " +
      "it + the spread, a short − the spread.",
    zh: "每次开仓、平仓和触发都使用当时的参考价格（附时间）；做多开仓价加点差，做空开仓价减点差。",
    hk: "每次開倉、平倉和觸發都使用當時的參考價格（附時間）；做多開倉價加點差，做空開倉價減點差。",
    th: "ทุกการเปิด ปิด และการทำงานของคำสั่งใช้ราคาอ้างอิง ณ ขณะนั้นพร้อมเวลา สเปรดบวกเข้าราคาเปิดของลองและหักจากราคาเปิดของชอร์ต",
    jp: "建玉・決済・発動はすべてその時点の参照価格（時刻付き）を使います。スプレッドはロングの建値に加算され、ショートの建値から差し引かれます。",
    kor: "모든 진입, 종료, 실행은 그 시점의 기준 가격(시각 표시)을 사용합니다. 스프레드는 롱의 진입가에 더해지고 숏의 진입가에서 빠집니다.",
    fra:
      "Chaque ouverture, clôture et déclenchement utilise le prix de référence du moment, affiché avec son " +
      "heure ; l'écart s'ajoute au prix d'ouverture d'un long et se retranche de celui d'un short.",
    spa:
      "Cada apertura, cierre y activación usa el precio de referencia de ese momento, mostrado con su hora; " +
      "el diferencial se suma al precio de apertura de un largo y se resta del de un corto.",
    vn:
      "Mỗi lần mở, đóng và kích hoạt đều dùng giá tham chiếu tại thời điểm đó, kèm thời gian; chênh lệch được " +
      "cộng vào giá mở của lệnh mua lên và trừ khỏi giá mở của lệnh bán xuống.",
  },
  CONTRACT_MULTIPLES_INVALID: {
    en: "Multiples: whole numbers from 1 to 500, ascending, separated by commas (at most 12)",
    zh: "倍数：1 到 500 的整数，升序，用逗号分隔（最多 12 个）",
    hk: "倍數：1 至 500 的整數，升序，以逗號分隔（最多 12 個）",
    th: "ตัวคูณ: จำนวนเต็ม 1 ถึง 500 เรียงจากน้อยไปมาก คั่นด้วยจุลภาค (ไม่เกิน 12 ค่า)",
    jp: "倍率：1〜500 の整数を昇順でカンマ区切り（最大 12 個）",
    kor: "배수: 1~500의 정수를 오름차순으로 쉼표로 구분 (최대 12개)",
    fra: "Multiplicateurs : entiers de 1 à 500, croissants, séparés par des virgules (12 au plus)",
    spa: "Multiplicadores: enteros de 1 a 500, ascendentes, separados por comas (12 como máximo)",
    vn: "Hệ số: số nguyên từ 1 đến 500, tăng dần, cách nhau bằng dấu phẩy (tối đa 12)",
  },
  CONTRACT_CONFIG_INVALID: {
    en: "Rates must be below 1, the lot size above 0 and the minimum lots at most the maximum",
    zh: "费率必须小于 1，每手数量必须大于 0，最小手数不得大于最大手数",
    hk: "費率必須小於 1，每手數量必須大於 0，最小手數不得大於最大手數",
    th: "อัตราต้องน้อยกว่า 1 ขนาดล็อตต้องมากกว่า 0 และล็อตขั้นต่ำต้องไม่เกินล็อตสูงสุด",
    jp: "料率は 1 未満、ロットサイズは 0 より大きく、最小ロットは最大ロット以下にしてください",
    kor: "요율은 1 미만, 랏 크기는 0 초과, 최소 랏은 최대 랏 이하여야 합니다",
    fra: "Les taux doivent être inférieurs à 1, la taille de lot supérieure à 0 et le minimum de lots au plus le maximum",
    spa: "Las tasas deben ser menores que 1, el tamaño del lote mayor que 0 y el mínimo de lotes como mucho el máximo",
    vn: "Các tỷ lệ phải nhỏ hơn 1, khối lượng lô lớn hơn 0 và số lô tối thiểu không vượt quá tối đa",
  },
});
