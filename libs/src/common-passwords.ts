/**
 * Passwords of 8 or more characters common in public leaked-password lists (written from memory of
 * lists such as SecLists' 10-million-password-list-top-1000, not copied), their usual variants, and
 * guessable words about this product. Lower case; compare case-insensitively. Shorter ones are
 * already refused by the length rule.
 */
const LIST = `
!@#$%^&* !qaz1qaz !qaz2wsx !qaz@wsx 00000000 00000001 01234567 0123456789 0987654321 10203040
102030405 1020304050 11111111 111111111 1111111111 11223344 1122334455 12121212 1212121212 12312312
123123123 123321123 12341234 12344321 1234512345 1234554321 123456123 12345678 12345678! 123456788
123456789 1234567890 1234567890! 1234567890a 1234567890q 1234567891 12345678910 1234567899
123456789a 123456789abc 12345678a 12345679 1234567a 1234567qwerty 123456abc 12345qwert 12345qwerty
1234abcd 1234qwer 1234qwerasdf 123654789 123abc123 123qweasd 12qwaszx 147258369 147852369 159357456
19851985 19871987 19901990 1q2w3e4r 1q2w3e4r! 1q2w3e4r5t 1q2w3e4r5t6y 1q2w3e4r5t6y7u8i
1q2w3e4r5t6y7u8i9o0p 1qa2ws3ed 1qaz!qaz 1qaz2wsx 1qaz2wsx3edc 1qazxsw2 1qazxsw23edc 20202020
22222222 31415926 33333333 44444444 55555555 66666666 741852963 77777777 789456123 87654321 88888888
963852741 987654321 99999999 a1234567 a123456789 a1b2c3d4 aa123456 aaaaaaaa abc12345 abc123456
abcabc123 abcd1234 abcdef123 abcdefg1 abcdefgh access14 adgangskode admin123 admin1234 administrator
alexander alexander1 alexandra amoremio anderson android1 angel123 angel1234 angelina angels12
anthony1 apple123 arsenal1 asdasdasd asdf1234 asdfasdf asdfghj1 asdfghjk asdfghjkl asdfghjkl1
asdfghjkl123 asdfjkl; ashley123 atlantis australia autumn2023 avengers babygirl babygirl1 babylon5
barcelona baseball baseball1 baseball12 basketball basketball1 basketball12 batman12 batman123
beautiful benjamin bestfriend bestfriends bigboss1 bigdaddy bigdaddy1 birthday blackcat blackdog
blessed1 blizzard blueberry bluebird bluesky1 boss1234 brittany broncos1 brooklyn bulldogs business
buster123 butterfly butterfly1 butterfly123 butthead callofduty candy123 captain1 caroline catherine
champion changeit changeme changeme1 changeme123 charlie1 charlie123 charlotte charmander
cheerleader chelsea1 cherokee chevrolet cheyenne chocolate chocolate1 christian christine
christopher christopher1 cleveland cocacola colorado columbia computer computer1 computer12
contrasena contraseña cookie123 corvette corvette1 counterstrike courtney courtney1 cowboys1
cowboys12 creative cupcake1 daniel123 danielle danielle1 darkness darkness1 december default1
deftones diablo12 diamonds doggydog dolphins dragon12 dragon123 dragonball dragonfly drowssap
eagles12 einstein elephant elizabeth elizabeth1 emmanuel explorer facebook facebook1 february
fernando ferrari1 fireball firebird firefly1 flower123 football football1 football12 football123
forever1 fortnite franklin freedom1 frodo123 gameboy1 gamer123 gandalf1 garfield giants12 giovanni
gmail123 godbless goldfish goodluck google123 graphics greenday guest123 halo1234 hamilton hannah123
hardcore harley12 harrypotter haslo123 heather1 heaven12 hello123 hello1234 hellokitty helloworld
hercules hockey12 hogwarts hollywood hotmail1 hunter123 iamthebest ichliebedich illinois iloveu123
iloveyou iloveyou! iloveyou1 iloveyou12 iloveyou123 iloveyou2 imthebest1 instagram internet
internet1 iphone12 ironman1 isabelle jackson1 january1 jasmine1 jasmine123 jelszo123 jennifer
jennifer1 jessica1 jesus123 jesuschrist jetaime1 jonathan jonathan1 jordan12 jordan123 jordan23
juventus katherine kawasaki kimberly kimberly1 kingkong kittycat kristina lacrosse landlord
landlord1 landlord123 lasvegas lebron23 leonardo letmein! letmein01 letmein1 letmein12 letmein123
letmeinnow lightning linkedin linux123 liverpool liverpool1 lkjhgfdsa logitech lollipop lovelove
lovely123 loveyou1 lozinka1 macbook1 madison1 manchester marathon march2024 marijuana mario123
mariposa marlboro marshall marvel123 master12 master123 matrix12 matthew1 maverick maxwell1 melissa1
mercedes mercedes1 metallica michael1 michael12 michelle michelle1 michigan microsoft midnight
minecraft minecraft1 mitchell mnbvcxz1 mohammed monkey12 monkey123 monkeyboy montreal moonlight
moonlight1 motdepasse motorola mountain mushroom mustang1 mypass123 mypassword mypassword1 myspace1
naruto123 neo12345 newcastle newpass1 newpass123 newpassword nicholas nicholas1 nightmare nintendo
nintendo1 november overlord overwatch p@$$w0rd p@ssw0rd p@ssw0rd1 p@ssword pa$$word pa55word
packers1 pakistan panthers paradise parola123 parool123 passpass passport passw0rd passw0rd!
passw0rd1 password password! password01 password1 password12 password123 password1234 password2
password2020 password2021 password2022 password2023 password2024 passwordpassword passwort patricia
patriots pavilion peekaboo penelope personal phoenix1 pikachu1 pineapple pineapple1 pingpong
platinum playstation playstation2 poiuytrewq pokemon1 pokemon123 poohbear porsche1 portugal precious
predator president princesa princess princess1 princess123 property1 puppylove pussycat1 q1234567
q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 qazwsx123 qazwsxedc qazwsxedcrfv qwaszx12 qwe!@#123 qwe123qwe
qweasd123 qweasdzxc qweqweqwe qwer1234 qwerasdf qwert12345 qwerty00 qwerty01 qwerty11 qwerty12
qwerty123 qwerty1234 qwerty12345 qwerty123456 qwerty2024 qwerty77 qwerty88 qwerty99 qwertyqwerty
qwertyu1 qwertyui qwertyuio qwertyuiop qwertyuiop123 qwertyuiop[] raiders1 rainbow1 rainbow123
rangers1 redskins redwings remember rentpayment rentwise rentwise1 rentwise123 richmond roblox123
rockstar rolltide root1234 rosebud1 runescape runescape1 rush2112 salasana samantha samantha1
samsung1 samsung123 sapphire savannah scarface scorpion scotland secret123 secretpass security
seminoles senha123 september serenity shadow12 shadow123 shadow1234 shopping sifre123 simpsons
skittles skywalker slipknot snapchat snickers snowball snowboard soccer12 soccer123 softball
something sonic123 southpark spencer1 spiderman spiderman1 spitfire spongebob spring2024 srinivas
stallion starcraft starcraft1 stardust stardust1 stargate starlight startrek startrek1 starwars
starwars1 steelers steelers1 stephanie stephanie1 sterling strawberry strawberry1 summer2020
summer2021 summer2022 summer2023 summer2024 sunflower sunflower1 sunshine sunshine1 sunshine123
superman superman1 superman123 supersecret superstar superstar1 sweetheart sweetie1 swimming
swordfish teamo123 temp1234 temp12345 temporary temppass tenant123 tequiero test1234 test12345
testtest thailand thankyou thomas123 thompson thunder1 thunderbird tiamo123 tigger123 tiktok123
tinkerbell topsecret treasure trombone trustme1 trustno1 trustno1! twitter1 ubuntu123 undertaker
universe valentina valentine veronica victoria victoria1 vikings1 vincent1 virginia volleyball
wachtwoord warcraft warcraft3 watermelon welcome! welcome01 welcome1 welcome12 welcome123
welcome2024 westside whatever whatever1 whitecat wildcats windows1 windows10 winston1 winter2023
wireless wolfgang wolfpack wolverine wonderwoman wordpass worldofwarcraft wrestling xbox3600
xxxxxxxx yahoo123 yamaha123 yankees1 yankees123 youtube1 zachary1 zaq12wsx zaq12wsxcde zaq1xsw2
zaq1zaq1 zelda123 zeppelin zxcvbnm1 zxcvbnm12 zxcvbnm123 zxcvbnma zxcvbnmasdf zxczxczxc
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
